import { useEffect, useEffectEvent, useState, type ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  FilterForm,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  useListContext,
} from 'react-admin';
import { Box } from '@mui/material';
import { format, type Catalogue } from '../../domain/messages';
import {
  filtersOf,
  hasSearch,
  labelOf,
  RECORD_LANGUAGES,
  type ResourceDescription,
} from '../../domain/resourceDescription';
import { useMessages } from '../../base/locale';
import { useResourceNames } from '../../base/resourceNames';
import { resourceDescriptions } from '../descriptions';
import { FindBox } from './FindBox';
import { DATE_WALL, optionChoices, PickedDate } from './fieldKindViews';
import type { ResourceLocaleTexts } from './recordScreens';

/** A calendar day as the server's instant: the start of the day (a range's start) or its end, in UTC. */
const dayEdge = (edge: 'start' | 'end') => (v: string) =>
  v ? `${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : '';
const dayOf = (v: string) => v.slice(0, 10);

/**
 * A described list's filters, one per field that has one (domain/resourceDescription.ts, filtersOf), in react-admin's
 * filter components: a choice as a list of several, a yes/no as a list, a reference by autocomplete (several
 * references: any of several, as chips), a number or a date
 * as a range (from, to). Inside the list's context: react-admin keeps them in the address with the list's order.
 */
export function useRecordFilterInputs(d: ResourceDescription, t: ResourceLocaleTexts, yes: string, no: string) {
  const m = useMessages();
  const named = useResourceNames();
  const describedOf = (name: string | undefined) =>
    named.find((r) => r.name === name)?.screens?.description ?? resourceDescriptions.find((o) => o.name === name);
  const out: ReactElement[] = [];
  for (const x of filtersOf(d)) {
    const spec = d.fields[x.field]!;
    const label = t.fields[x.field] ?? x.field;
    const sx = { minWidth: 180 };
    if (x.kind === 'choice' || x.kind === 'choices')
      out.push(
        <SelectArrayInput
          key={x.param}
          source={x.param}
          label={label}
          alwaysOn
          sx={sx}
          choices={optionChoices(spec, x.field, t)}
        />,
      );
    else if (x.kind === 'boolean')
      out.push(
        <SelectInput
          key={x.param}
          source={x.param}
          label={label}
          alwaysOn
          sx={sx}
          choices={[
            { id: 'true', name: yes },
            { id: 'false', name: no },
          ]}
        />,
      );
    else if (x.kind === 'reference') {
      const target = describedOf(spec.to);
      out.push(
        <ReferenceInput key={x.param} source={x.param} reference={spec.to!} alwaysOn>
          <AutocompleteInput
            label={label}
            sx={{ minWidth: 220 }}
            optionText={target ? labelOf(target) : 'id'}
            filterToQuery={(q: string) => (target && hasSearch(target) && q ? { q } : {})}
          />
        </ReferenceInput>,
      );
    } else if (x.kind === 'references') {
      // Has any of the records chosen.
      const target = describedOf(spec.to);
      out.push(
        <ReferenceArrayInput key={x.param} source={x.param} reference={spec.to!} alwaysOn>
          <AutocompleteArrayInput
            label={label}
            sx={{ minWidth: 220 }}
            optionText={target ? labelOf(target) : 'id'}
            filterToQuery={(q: string) => (target && hasSearch(target) && q ? { q } : {})}
          />
        </ReferenceArrayInput>,
      );
    } else {
      const bounds = [
        [x.gte, m.records.from, 'start'],
        [x.lte, m.records.to, 'end'],
      ] as const;
      for (const [source, words, edge] of bounds) {
        const named = format(words, { field: label });
        if (spec.kind === 'integer' || spec.kind === 'number')
          out.push(<NumberInput key={source} source={source} label={named} alwaysOn sx={sx} />);
        else {
          // A time's range by whole days: from the first instant of its first day to the last of its last.
          const wall = spec.kind === 'datetime' ? { ...DATE_WALL, toWall: dayOf, fromWall: dayEdge(edge) } : DATE_WALL;
          out.push(
            <PickedDate
              key={source}
              source={source}
              label={named}
              alwaysOn
              optional
              readOnly={false}
              withTime={false}
              wall={wall}
              filter
            />,
          );
        }
      }
    }
  }
  // With `missing`: 'Swedish missing', the records some translated text is missing in (the one other language's).
  if (d.missing)
    for (const lang of RECORD_LANGUAGES)
      out.push(
        <BooleanInput
          key={`missing-${lang}`}
          source="missing"
          label={format(m.products.missing, { language: languageName(m, lang) })}
          alwaysOn
          parse={(on: boolean) => (on ? lang : '')}
          format={(v: unknown) => v === lang}
        />,
      );
  return out;
}

/** A catalogue language as a sentence names it ('Swedish'), or its code. */
export const languageName = (m: Catalogue, lang: string): string =>
  (m.products.languageNames as Record<string, string>)[lang] ?? lang;

/**
 * The find box (any part of a name: `q`, sent a moment after typing stops) and the filters, beside it, wrapping onto
 * more lines where the page is narrow.
 */
export function RecordFilterBar({
  description,
  texts,
  findLabel,
  exact,
  filters,
}: {
  description: ResourceDescription;
  texts: ResourceLocaleTexts;
  findLabel: string;
  exact: { title: string; path: string };
  filters: ReactElement[];
}) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const given = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [typed, setTyped] = useState(given);
  // Applied with the list's state when the timer ends, not when the typing began: a column header clicked or a filter
  // chosen meanwhile stays (an older render's setFilters wrote back the order it had known).
  const apply = useEffectEvent((words: string) => {
    const q = words.trim();
    if (q === given) return;
    const { q: _q, ...rest } = filterValues;
    setFilters(q ? { ...rest, q } : rest, displayedFilters);
  });
  useEffect(() => {
    const timer = setTimeout(() => apply(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  if (!hasSearch(description) && filters.length === 0) return null;
  return (
    <Box
      role="search"
      aria-label={findLabel}
      sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}
    >
      {hasSearch(description) && (
        <Box sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}>
          <FindBox label={findLabel} value={typed} onChange={setTyped} exact={exact} />
        </Box>
      )}
      {filters.length > 0 && <FilterForm filters={filters} aria-label={texts.list} />}
    </Box>
  );
}
