import { TextField } from '@mui/material';
import { lazy, Suspense, useMemo, type ComponentProps, type ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import {
  hasSearch,
  labelOf,
  imagesMax,
  integerBounds,
  mayBeEmpty,
  maxLength,
  numberBounds,
  optionLabel,
  optionText,
  RECORD_LANGUAGES,
  referencesMax,
  type FieldDescription,
  type FieldKind,
  type RecordTranslations,
  type ReferenceLabels,
  type ResourceDescription,
} from '../../domain/resourceDescription';
import { useResourceNames } from '../../base/resourceNames';
import { CATALOGUE_LANGUAGES } from '../../domain/constants';
import { format } from '../../domain/messages';
import { writeNumber } from '../../domain/localeNumbers';
import { LOCALE_TAGS, type Locale } from '../../domain/locales';
import { instantToWall, wallToInstant } from '../../domain/schedule';
import { currentMessages, useMessages } from '../../base/locale';
import { useScheduleSettings } from '../../base/scheduleSettings';
import { resourceDescriptions } from '../descriptions';
import { ImageSlots } from './images/ImageSlots';
import { ImagesShown } from './images/ImagesShown';
import { thumbnailsOf } from './images/ListThumbnail';
import type { WallForm } from './DateKindInputs';
import { LocaleNumberInput } from './LocaleNumberInput';
import { ReferenceLabelInput } from './referenceLabel';
import type { ResourceLocaleTexts } from './recordScreens';
import { useCountryChoices } from './recordHooks';

/** The date pickers (MUI X and date-fns): their own chunk, loaded by the first form or filter with a date. */
const LazyPickedDate = lazy(() => import('./DateKindInputs'));

/**
 * A date or time picker (resources/shared/DateKindInputs.tsx); until its chunk has come, an empty box of its size
 * under its label, so the form does not move when it arrives.
 */
export function PickedDate(props: ComponentProps<typeof LazyPickedDate> & { alwaysOn?: boolean }) {
  const { alwaysOn: _filterBarOnly, ...rest } = props;
  const line = rest.hint ?? (rest.filter || rest.quiet ? undefined : ' ');
  const waiting = <TextField label={rest.label} disabled fullWidth={!rest.filter} helperText={line} />;
  return (
    <Suspense fallback={waiting}>
      <LazyPickedDate {...rest} />
    </Suspense>
  );
}

// The browser's side of each field kind (the rest of a kind is its entry in domain/fieldKinds.ts, keyed the same):
// the input the add, edit and show pages give it, and its cell in the list.

/** What a kind's input is given: the field, its label, whether it may be changed here, the resource's texts. */
export interface FieldInputProps {
  source: string;
  label: string;
  spec: FieldDescription;
  readOnly: boolean;
  texts: ResourceLocaleTexts;
  /** A text kind's hint under it; false leaves it no room (left out: room for an error, as every input). */
  hint?: string | false;
  /** The field's name, for its option labels, where the form holds its value under another `source`. */
  field?: string;
}

/**
 * What a cell is shown with: the catalogue's Yes and No, the resource's texts, a country's name, the UI's language and
 * the shop's time zone ('' where the back end has none: the browser's).
 */
export interface CellContext {
  yes: string;
  no: string;
  texts: ResourceLocaleTexts;
  country: (code: string) => string;
  locale: Locale;
  zone: string;
}

/** The record a cell is of (with its references' `labels` and its `translations`), and the field. */
export interface CellRow {
  row: Record<string, unknown>;
  field: string;
}

export interface FieldKindView {
  Input: (props: FieldInputProps) => ReactNode;
  /** A value as the list shows it; `at`: its record, for a kind that shows more than the value (a label, a text). */
  cell: (value: unknown, spec: FieldDescription, ctx: CellContext, at?: CellRow) => string;
  /** Its cell needs the shop's time zone (asked of the back end only for a list that shows such a field). */
  zoned?: boolean;
}

const required_ = (spec: FieldDescription) => (mayBeEmpty(spec) ? undefined : required());

/** Required, and more than blanks (the server trims texts). */
const notBlank = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? undefined : currentMessages().common.required;
const requiredText = (spec: FieldDescription) => (mayBeEmpty(spec) ? undefined : [required(), notBlank]);

/** A text as the list shows it. */
const plain = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** A text kind's input: one line, free text (several lines) or an address, at most its kind's characters. */
function TextKindInput({ source, label, spec, readOnly, hint, optional }: FieldInputProps & { optional?: boolean }) {
  const lines = spec.kind === 'text' || (spec.kind === 'translated' && spec.as === 'text');
  return (
    <TextInput
      source={source}
      label={label}
      validate={optional || readOnly ? undefined : requiredText(spec)}
      helperText={hint}
      readOnly={readOnly}
      autoComplete="off"
      type={spec.kind === 'email' ? 'email' : 'text'}
      multiline={lines}
      minRows={lines ? 3 : undefined}
      slotProps={{ htmlInput: { maxLength: maxLength(spec) } }}
      parse={(v: string | null) => v ?? ''}
    />
  );
}

/**
 * A translated field in one language (a page that lays the languages out itself, as products' does): English as its
 * kind requires, any other optional (the shop shows the English where one is empty), stored under
 * translations.<language>.<field> as products store theirs.
 */
export function TranslatedLanguageInput({ lang, ...props }: FieldInputProps & { lang: string }) {
  const english = lang === CATALOGUE_LANGUAGES[0].id;
  return english ? (
    <TextKindInput {...props} optional={props.spec.optional === true} />
  ) : (
    <TextKindInput {...props} source={`translations.${lang}.${props.source}`} optional />
  );
}

/** A translated field: English, then each other catalogue language, labelled 'Guide (Swedish)'. */
function TranslatedInput(props: FieldInputProps) {
  const m = useMessages();
  const { label } = props;
  return (
    <>
      <TranslatedLanguageInput {...props} lang={CATALOGUE_LANGUAGES[0].id} />
      {RECORD_LANGUAGES.map((lang) => (
        <TranslatedLanguageInput
          key={lang}
          {...props}
          lang={lang}
          label={format(m.records.inLanguage, {
            label,
            language: m.products.languageTitles[lang as keyof typeof m.products.languageTitles] ?? lang,
          })}
        />
      ))}
    </>
  );
}

/** A whole number or a decimal, within its bounds, as the console's language writes it (LocaleNumberInput.tsx). */
function NumberKindInput({ source, label, spec, readOnly }: FieldInputProps) {
  const rule = spec.kind === 'integer' ? { ...integerBounds(spec), decimals: 0 } : numberBounds(spec);
  return <LocaleNumberInput source={source} label={label} rule={rule} readOnly={readOnly} />;
}

/** A number as the UI's language writes it, with the field's decimals ('1 234,50' / '1,234.50'). */
const numberCell = (v: unknown, spec: FieldDescription, ctx: CellContext): string =>
  typeof v === 'number'
    ? writeNumber(v, ctx.locale, spec.kind === 'number' ? numberBounds(spec).decimals : 0)
    : plain(v);

/** A country by its name in the chosen language, typed to narrow the list; stored as its ISO code. */
function CountryInput({ source, label, spec, readOnly }: FieldInputProps) {
  const m = useMessages();
  const countries = useCountryChoices();
  const optional = spec.optional === true;
  const choices = useMemo(
    () => (optional ? [{ id: '', name: m.records.noCountry }, ...countries] : countries),
    [optional, countries, m],
  );
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      validate={optional || readOnly ? undefined : required()}
      readOnly={readOnly}
    />
  );
}

/** One of the options, by its label in the resource's texts. */
function ChoiceInput({ source, label, spec, readOnly, texts, field }: FieldInputProps) {
  const m = useMessages();
  return (
    <SelectInput
      source={source}
      label={label}
      validate={readOnly ? undefined : required_(spec)}
      readOnly={readOnly}
      emptyText={spec.optional ? m.records.noCountry : undefined}
      emptyValue=""
      choices={optionChoices(spec, field ?? source, texts)}
    />
  );
}

/** The description of a described resource by its name (the console's, a test's fixtures too). */
export function useDescribed(name: string | undefined): ResourceDescription | undefined {
  const named = useResourceNames();
  return named.find((r) => r.name === name)?.screens?.description ?? resourceDescriptions.find((d) => d.name === name);
}

/** A field's options as react-admin's choices, each by its label in the resource's texts (SelectInput, the filter). */
export const optionChoices = (
  spec: FieldDescription,
  field: string,
  texts: ResourceLocaleTexts,
): { id: string; name: string }[] =>
  (spec.options ?? []).map((o) => ({ id: o, name: optionLabel(texts.options, field, o) }));

/** A reference to a record of another described resource, chosen by its search field. */
function ReferenceChoice({ source, label, spec, readOnly }: FieldInputProps) {
  const target = useDescribed(spec.to);
  // Read-only (Show, or locked): its label as the record's answer carries it, asking nothing of the resource it
  // points to, which the reader may not read.
  if (readOnly) return <ReferenceLabelInput source={source} label={label} />;
  return (
    <ReferenceInput source={source} reference={spec.to!}>
      <AutocompleteInput
        label={label}
        optionText={target ? labelOf(target) : 'id'}
        filterToQuery={(q: string) => (target && hasSearch(target) && q ? { q } : {})}
        validate={spec.optional ? undefined : required()}
        readOnly={readOnly}
      />
    </ReferenceInput>
  );
}

/**
 * Several records of another described resource, each a chip chosen by its label (typed to narrow the list, by the
 * resource's partial-name search where it has one), at most its `max`.
 */
function ReferencesChoice({ source, label, spec, readOnly }: FieldInputProps) {
  const m = useMessages();
  const target = useDescribed(spec.to);
  const max = referencesMax(spec);
  const validate = useMemo(
    () => [
      ...(spec.optional ? [] : [required()]),
      (v: unknown) => (Array.isArray(v) && v.length > max ? format(m.records.tooManyReferences, { max }) : undefined),
    ],
    [spec.optional, max, m],
  );
  // Read-only (Show, or locked): the labels the record's answer carries, as a reference's.
  if (readOnly) return <ReferenceLabelInput source={source} label={label} />;
  return (
    <ReferenceArrayInput source={source} reference={spec.to!}>
      <AutocompleteArrayInput
        label={label}
        optionText={target ? labelOf(target) : 'id'}
        filterToQuery={(q: string) => (target && hasSearch(target) && q ? { q } : {})}
        validate={validate}
      />
    </ReferenceArrayInput>
  );
}

/** Yes or no, a switch. */
function BooleanKindInput({ source, label, readOnly }: FieldInputProps) {
  return <BooleanInput source={source} label={label} readOnly={readOnly} />;
}

/** Up to its most images in slots (resources/shared/images): uploads with progress, pause and resume, an order. */
function ImagesInput({ source, label, spec, readOnly }: FieldInputProps) {
  // The slots start from the record's images (a saved record, by its version, starts them again); on Add, from the
  // form's (a duplicate's copies).
  const record = useRecordContext();
  const thumbnails = thumbnailsOf(record, source);
  if (readOnly) return <ImagesShown source={source} label={label} thumbnails={thumbnails} />;
  const held = record?.[source];
  return (
    <ImageSlots
      key={String(record?.version)}
      source={source}
      label={label}
      max={imagesMax(spec)}
      initial={Array.isArray(held) ? (held as string[]) : undefined}
      thumbnails={thumbnails}
    />
  );
}

/** A date ('2026-03-29'), picked from a calendar written in the UI's language (DateKindInputs.tsx). */
export const DATE_WALL: WallForm = { pattern: 'yyyy-MM-dd', toWall: (v) => v, fromWall: (v) => v };
function DateInput({ source, label, spec, readOnly }: FieldInputProps) {
  return (
    <PickedDate
      source={source}
      label={label}
      optional={mayBeEmpty(spec)}
      readOnly={readOnly}
      withTime={false}
      wall={DATE_WALL}
    />
  );
}

/**
 * The zone times are shown and taken in: the shop's, else the browser's (a reader, the Firebase build); the formatter
 * names a language only because every formatter here names one (the zone is the same in any).
 */
const zoneOr = (zone: string | undefined): string =>
  zone || new Intl.DateTimeFormat(LOCALE_TAGS.en).resolvedOptions().timeZone;

/** An instant's wall time in `zone` ('2026-03-29T14:30'), as a picker takes it. */
export const zonedWall = (zone: string): WallForm => ({
  pattern: "yyyy-MM-dd'T'HH:mm",
  toWall: (v) => instantToWall(v, zone),
  fromWall: (v) => wallToInstant(v, zone) ?? v,
});

/**
 * An instant, as products' schedule takes it (resources/products/schedule.tsx): picked as the wall time in the shop's
 * time zone, held in the form as the instant (UTC) the API takes.
 */
function DateTimeInput({ source, label, spec, readOnly }: FieldInputProps) {
  const settings = useScheduleSettings();
  const zone = zoneOr(settings?.timeZone);
  const wall = useMemo(() => zonedWall(zone), [zone]);
  return (
    <PickedDate source={source} label={label} optional={mayBeEmpty(spec)} readOnly={readOnly} withTime wall={wall} />
  );
}

/** Several of the options, each a box, by its label in the resource's texts. */
function ChoicesInput({ source, label, spec, readOnly, texts, field }: FieldInputProps) {
  return (
    <CheckboxGroupInput
      source={source}
      label={label}
      validate={readOnly ? undefined : required_(spec)}
      readOnly={readOnly}
      choices={optionChoices(spec, field ?? source, texts)}
    />
  );
}

/** A date ('2026-03-29') as the UI's language writes it. */
const dateCell = (v: unknown, _spec: FieldDescription, ctx: CellContext): string =>
  typeof v === 'string' && v
    ? new Intl.DateTimeFormat(LOCALE_TAGS[ctx.locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${v}T00:00:00Z`),
      )
    : '';

/** An instant as the UI's language writes it, in the shop's time zone. */
const dateTimeCell = (v: unknown, _spec: FieldDescription, ctx: CellContext): string =>
  typeof v === 'string' && v
    ? new Intl.DateTimeFormat(LOCALE_TAGS[ctx.locale], {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: zoneOr(ctx.zone),
      }).format(new Date(v))
    : '';

/** A choice's or choices' options by their labels in the resource's texts ('Linne, Bomull'). */
const optionCell = (v: unknown, spec: FieldDescription, ctx: CellContext, at?: CellRow): string =>
  optionText(spec, at?.field ?? '', v, ctx.texts.options) ?? plain(v);

const text: FieldKindView = { Input: TextKindInput, cell: plain };
const numeric: FieldKindView = { Input: NumberKindInput, cell: numberCell };

/** Each kind's input and cell, by its name (as domain/fieldKinds.ts). */
export const FIELD_KIND_VIEWS: { readonly [K in FieldKind]: FieldKindView } = {
  line: text,
  text,
  email: text,
  // In the UI's language, English where it has none (the Swedish list shows the Swedish text).
  translated: {
    Input: TranslatedInput,
    cell: (v, _spec, ctx, at) => {
      const lang = CATALOGUE_LANGUAGES.find((l) => l.tag === ctx.locale)?.id;
      const texts = at?.row.translations as RecordTranslations | undefined;
      return (lang && at ? texts?.[lang]?.[at.field] : undefined) || plain(v);
    },
  },
  country: { Input: CountryInput, cell: (v, _spec, ctx) => ctx.country(String(v ?? '')) },
  boolean: {
    Input: BooleanKindInput,
    cell: (v, _spec, ctx) => (v ? ctx.yes : ctx.no),
  },
  integer: numeric,
  number: numeric,
  choice: { Input: ChoiceInput, cell: optionCell },
  images: {
    Input: ImagesInput,
    cell: (v) => (Array.isArray(v) ? String(v.length) : ''),
  },
  // The label the record's answer carries for it (its supplier's name), else its id.
  reference: {
    Input: ReferenceChoice,
    cell: (v, _spec, _ctx, at) => (at?.row.labels as ReferenceLabels | undefined)?.[at!.field] ?? plain(v),
  },
  date: { Input: DateInput, cell: dateCell },
  datetime: { Input: DateTimeInput, cell: dateTimeCell, zoned: true },
  // The labels the record's answer carries for its ids (joined, in order), else the ids.
  references: {
    Input: ReferencesChoice,
    cell: (v, _spec, _ctx, at) =>
      (at?.row.labels as ReferenceLabels | undefined)?.[at!.field] ?? (Array.isArray(v) ? v.join(', ') : ''),
  },
  choices: { Input: ChoicesInput, cell: optionCell },
};
