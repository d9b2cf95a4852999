import { useMemo, useState } from 'react';
import { Form, useDataProvider, useNotify } from 'react-admin';
import { Box, MenuItem, TextField } from '@mui/material';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { format } from '../../domain/messages';
import { bulkFieldsOf, type FieldDescription, type ResourceDescription } from '../../domain/resourceDescription';
import { BulkApply } from './BulkBar';
import { recordBulkCalls } from './bulkCalls';
import { FIELD_KIND_VIEWS, optionChoices } from './fieldKindViews';
import type { ResourceLocaleTexts } from './recordScreens';
import { useBulkEdit } from './useBulkEdit';

/** A resource's own words on the bulk bar (RecordBulkSet's `words`). */
export interface BulkWords {
  apply?: string;
  set?: Readonly<Record<string, string>>;
  yesNo?: Readonly<Record<string, readonly [yes: string, no: string]>>;
}

/** A field whose bulk value is one of a few, picked in the field's own select: a choice's options, yes or no. */
const picked = (kind: string): boolean => kind === 'choice' || kind === 'boolean';

/**
 * What a described list's bulk change sets (`bulk: true`): each bulk field (bulkFieldsOf) kept as it is, or changed.
 * A choice or a yes/no is one select, 'Keep as it is' then its options by their labels (as the products' bar); any
 * other kind is 'Change to…', then its kind's own input (resources/shared/fieldKindViews.tsx), checked as the form
 * checks it. Then Apply to the n selected.
 */
export function RecordBulkSet(props: {
  description: ResourceDescription;
  texts: ResourceLocaleTexts;
  n: number;
  onApply: (set: Record<string, unknown>) => void;
  /**
   * A resource's own words where the specification has them (products): the Apply button's, a field's select
   * ('Set status'), a yes/no's two ('Active', 'Disabled').
   */
  words?: BulkWords;
}) {
  const m = useMessages();
  const t = m.bulk.records;
  const words = props.words;
  const fields = bulkFieldsOf(props.description);
  // The fields to change through their input; the others are kept as they are, or picked below.
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  // A picked field's value, by its place among its options ('' keeps it).
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>({});
  const optionsOf = (k: string, spec: FieldDescription): { value: unknown; text: string }[] =>
    spec.kind === 'boolean'
      ? [
          { value: true, text: words?.yesNo?.[k]?.[0] ?? m.records.yes },
          { value: false, text: words?.yesNo?.[k]?.[1] ?? m.records.no },
        ]
      : optionChoices(spec, k, props.texts).map((o) => ({ value: o.id, text: o.name }));
  const pickedSet = Object.fromEntries(
    fields
      .filter(([k, spec]) => picked(spec.kind) && chosen[k])
      .map(([k, spec]) => [k, optionsOf(k, spec)[Number(chosen[k])]!.value]),
  );
  return (
    <Form
      onSubmit={(values: Record<string, unknown>) =>
        props.onApply({
          ...Object.fromEntries(fields.filter(([k]) => changed.has(k)).map(([k]) => [k, values[k]])),
          ...pickedSet,
        })
      }
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1.5 }}>
        {fields.map(([k, spec]) => {
          const label = props.texts.fields[k] ?? k;
          const setLabel = words?.set?.[k] ?? format(t.setField, { field: label });
          if (picked(spec.kind))
            return (
              <TextField
                key={k}
                select
                size="small"
                fullWidth={false}
                label={setLabel}
                value={chosen[k] ?? ''}
                onChange={(e) => setChosen((c) => ({ ...c, [k]: e.target.value }))}
                sx={{ minWidth: 170 }}
              >
                <MenuItem value="">{m.bulk.keep}</MenuItem>
                {optionsOf(k, spec).map((o, i) => (
                  <MenuItem key={o.text} value={String(i)}>
                    {o.text}
                  </MenuItem>
                ))}
              </TextField>
            );
          const { Input } = FIELD_KIND_VIEWS[spec.kind];
          return (
            // On a phone the input goes below its select, never past the page's edge.
            <Box key={k} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', maxWidth: '100%' }}>
              <TextField
                select
                size="small"
                fullWidth={false}
                label={setLabel}
                value={changed.has(k) ? 'change' : ''}
                onChange={(e) =>
                  setChanged((s) => {
                    const next = new Set(s);
                    if (e.target.value) next.add(k);
                    else next.delete(k);
                    return next;
                  })
                }
                sx={{ minWidth: 170 }}
              >
                <MenuItem value="">{m.bulk.keep}</MenuItem>
                <MenuItem value="change">{t.changeTo}</MenuItem>
              </TextField>
              {changed.has(k) && (
                <Box sx={{ minWidth: { xs: 0, sm: 200 }, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
                  <Input source={k} label={label} spec={spec} readOnly={false} texts={props.texts} hint={false} />
                </Box>
              )}
            </Box>
          );
        })}
        <BulkApply
          n={props.n}
          text={words?.apply ?? t.apply}
          disabled={changed.size === 0 && Object.keys(pickedSet).length === 0}
          type="submit"
        />
      </Box>
    </Form>
  );
}

/**
 * A described list's bulk edit, when its description turns it on and the reader may edit: its selection and dialog
 * (useBulkEdit) over the resource's own calls, `filter` being the list's search, filters and order.
 */
export function useRecordBulk(
  description: ResourceDescription,
  filter: Record<string, unknown>,
  failed: (err: unknown) => string,
) {
  const m = useMessages();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const calls = useMemo(() => recordBulkCalls(dataProvider, description.name), [dataProvider, description.name]);
  return useBulkEdit(filter, calls, m.bulk.records, (err) => notify(failed(err), { type: 'error' }));
}
