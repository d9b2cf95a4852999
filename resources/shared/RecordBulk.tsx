import { useMemo, useState } from 'react';
import { Form, useDataProvider, useNotify } from 'react-admin';
import { Box, MenuItem, TextField } from '@mui/material';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { format } from '../../domain/messages';
import { bulkFieldsOf, type ResourceDescription } from '../../domain/resourceDescription';
import { BulkApply } from './BulkBar';
import { recordBulkCalls } from './bulkCalls';
import { FIELD_KIND_VIEWS } from './fieldKindViews';
import type { ResourceLocaleTexts } from './recordScreens';
import { useBulkEdit } from './useBulkEdit';

/**
 * What a described list's bulk change sets (`bulk: true`): each bulk field (bulkFieldsOf) kept as it is, or changed
 * to a value given in its kind's own input (resources/shared/fieldKindViews.tsx), checked as the form checks it; then
 * Apply to the n selected.
 */
export function RecordBulkSet(props: {
  description: ResourceDescription;
  texts: ResourceLocaleTexts;
  n: number;
  onApply: (set: Record<string, unknown>) => void;
}) {
  const m = useMessages();
  const t = m.bulk.records;
  const fields = bulkFieldsOf(props.description);
  // The fields to change; the others are kept as they are.
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  return (
    <Form
      onSubmit={(values: Record<string, unknown>) =>
        props.onApply(Object.fromEntries(fields.filter(([k]) => changed.has(k)).map(([k]) => [k, values[k]])))
      }
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1.5 }}>
        {fields.map(([k, spec]) => {
          const label = props.texts.fields[k] ?? k;
          const { Input } = FIELD_KIND_VIEWS[spec.kind];
          return (
            <Box key={k} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                fullWidth={false}
                label={format(t.setField, { field: label })}
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
                <Box sx={{ minWidth: 200 }}>
                  <Input source={k} label={label} spec={spec} readOnly={false} texts={props.texts} hint={false} />
                </Box>
              )}
            </Box>
          );
        })}
        <BulkApply n={props.n} text={t.apply} disabled={changed.size === 0} type="submit" />
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
