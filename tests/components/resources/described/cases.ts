import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, LOCALE_TAGS, type Locale } from '../../../../domain/locales';
import {
  emptyValue,
  fieldsOfResource,
  hasTranslations,
  mayBeEmpty,
  type FieldDescription,
  type ResourceDescription,
} from '../../../../domain/resourceDescription';
import { consoleResources } from '../../../../resources';
import type { ResourceScreens } from '../../../../resources/shared/recordScreens';
import { bodyOf, type Values } from '../../../server/helpers/recordValues';

// Every described resource (the folders of resources/ with a description.ts) with its screens, and what a test of
// its shared pages (describedList.test.tsx, describedForms.test.tsx) shows, types and expects, by field kind.

/** Each described resource's screens, by name: what `describe.each` runs over (a new folder needs no new test). */
export const DESCRIBED: readonly [string, ResourceScreens][] = consoleResources.flatMap((r) =>
  r.screens ? [[r.name, r.screens] as [string, ResourceScreens]] : [],
);

const IMAGE = '/files/Uploads/u_a_x.jpg';

/** The n-th record as the API answers it (every field, its Swedish texts, id r<n>, version 3). */
export const recordOf = (d: ResourceDescription, n: number): Values => ({
  id: `r${n}`,
  ...bodyOf(d, n, { image: IMAGE, ids: new Map() }),
  version: 3,
  created: '2026-01-01T00:00:00.000Z',
  updated: null,
});

export const listOf = (rows: Values[]) => ({
  data: rows,
  pageInfo: { hasNextPage: false, hasPreviousPage: false },
});

/** A field's value as the list shows it in a language: a choice by label, a country by name, a number as written. */
export function cellText(s: ResourceScreens, field: string, value: unknown, locale: Locale = 'en'): string {
  const spec = s.description.fields[field]!;
  const m = catalogues[locale];
  if (spec.kind === 'boolean') return value ? m.records.yes : m.records.no;
  if (spec.kind === 'country')
    return new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region' }).of(String(value)) ?? '';
  if (spec.kind === 'choice') return s.texts[locale].options?.[field]?.[String(value)] ?? String(value);
  if (spec.kind === 'images') return String((value as unknown[]).length);
  if (spec.kind === 'number' || spec.kind === 'integer') {
    // With the field's decimals as the language writes them: '1 234,50', '1,234.50'.
    const places = spec.kind === 'number' ? (spec.decimals ?? 2) : 0;
    const digits = { minimumFractionDigits: places, maximumFractionDigits: places };
    return new Intl.NumberFormat(LOCALE_TAGS[locale], digits).format(Number(value));
  }
  return String(value ?? '');
}

/** A column's label: the field's, or 'Guide (Swedish)' for a translated field's other language ('body_se'). */
export function columnLabel(s: ResourceScreens, column: string): string {
  const t = s.texts.en;
  const [field, lang] = column.split('_');
  if (lang === 'se' && s.description.fields[field!]?.kind === 'translated') return `${t.fields[field!]} (Swedish)`;
  return (t.fields as Record<string, string>)[column] ?? column;
}

/** A field that must be filled before a save (the others keep their empty value). */
const mustFill = (spec: FieldDescription): boolean =>
  !mayBeEmpty(spec) && !['boolean', 'integer', 'number'].includes(spec.kind);

/** What the Add page is typed for a field, and what that sends. */
function typedFor(spec: FieldDescription): { typed: string; sent: unknown; pick?: string } {
  if (spec.kind === 'email') return { typed: 'new@example.com', sent: 'new@example.com' };
  if (spec.kind === 'country') return { typed: 'Lithu', pick: 'Lithuania', sent: 'LT' };
  if (spec.kind === 'choice') return { typed: '', pick: spec.options!.at(-1)!, sent: spec.options!.at(-1) };
  // Short: typed a key at a time, which a busy machine makes slow.
  if (['line', 'text', 'translated'].includes(spec.kind)) return { typed: 'Oak', sent: 'Oak' };
  throw new Error(`describedForms: no way yet to fill a required ${spec.kind} field`);
}

/**
 * Fills the Add page's required fields (and each translated field's Swedish), as staff would, and answers what the
 * create should send: every field of the description (the others empty) and the translations.
 */
export async function fillRequired(s: ResourceScreens, words: Partial<Record<string, string>> = {}): Promise<Values> {
  const t = s.texts.en;
  const sent: Values = {};
  const swedish: Values = {};
  for (const [f, spec] of fieldsOfResource(s.description)) {
    const label = (t.fields as Record<string, string>)[f]!;
    if (mustFill(spec)) {
      const { typed, pick, sent: value } = typedFor(spec);
      if (spec.kind === 'choice') {
        await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
        await userEvent.click(await screen.findByRole('option', { name: s.texts.en.options?.[f]?.[pick!] ?? pick }));
      } else {
        const input = screen.getByLabelText(`${label} *`);
        if (pick) {
          // Pasted, not typed a key at a time: each key of a country's name filters some 250 options again, which a
          // busy machine made take most of the test's time.
          await userEvent.click(input);
          await userEvent.paste(words[f] ?? typed);
          await userEvent.click(await screen.findByRole('option', { name: pick }));
        } else await userEvent.type(input, words[f] ?? typed);
      }
      sent[f] = words[f] ?? value;
    } else sent[f] = emptyValue(spec);
    if (spec.kind === 'translated') {
      await userEvent.type(screen.getByLabelText(`${label} (Swedish)`), 'Ek');
      swedish[f] = 'Ek';
    }
  }
  return hasTranslations(s.description) ? { ...sent, translations: { se: swedish } } : sent;
}

/** The field a record is named by in its list's EDIT link and its Show title. */
export const firstColumn = (s: ResourceScreens): string => s.columns[0] ?? s.description.search;

/** The unique field, if the description has one (a taken value is refused beside it). */
export const uniqueField = (d: ResourceDescription): string | undefined =>
  fieldsOfResource(d).find(([, f]) => f.unique)?.[0];
