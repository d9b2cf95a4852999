import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';
import { Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { format } from '../../domain/messages';
import { useLocale, useMessages } from '../../base/locale';
import { LOCALE_TAGS } from '../../domain/locales';
import type { BulkSelection } from './useBulkSelection';

type Row = { id: string; version: number };

interface Props {
  selection: BulkSelection;
  /** The loaded rows (the page checkbox selects them). */
  rows: readonly Row[];
  /** What to set and Apply, once something is selected (RecordBulkSet: products' and every described list's). */
  children?: ReactNode;
}

/**
 * Above a list with bulk edit: select the loaded rows, or all N matching the search and filters (up to 10,000); then
 * what to set ('Keep as it is' leaves a field alone) and Apply.
 */
export function BulkBar({ selection, rows, children }: Props) {
  const t = useMessages().bulk;
  const tag = LOCALE_TAGS[useLocale()];
  const { selected, matching } = selection;
  const n = selected.size;
  const onPage = rows.filter((p) => selected.has(p.id)).length;
  const allMatching =
    matching !== null && n >= matching.items.length && matching.items.every((p) => selected.has(p.id));
  return (
    <Paper variant="outlined" role="region" aria-label={t.selectColumn} sx={{ p: 1.5, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={rows.length > 0 && onPage === rows.length}
              indeterminate={onPage > 0 && onPage < rows.length}
              disabled={rows.length === 0}
              onChange={(e) => selection.setMany(rows, e.target.checked)}
            />
          }
          label={t.selectPage}
        />
        <Typography role="status" variant="body2" sx={{ fontWeight: 600 }}>
          {n > 0 ? format(t.selected, { n: n.toLocaleString(tag) }) : ''}
        </Typography>
        {n > 0 && matching && !allMatching && matching.items.length > 0 && (
          <Button size="small" onClick={selection.selectAll}>
            {format(matching.more ? t.selectAllCapped : t.selectAll, { n: matching.items.length.toLocaleString(tag) })}
          </Button>
        )}
        {n > 0 && (
          <Button size="small" onClick={selection.clear}>
            {t.clear}
          </Button>
        )}
      </Stack>
      {n > 0 && children}
    </Paper>
  );
}

/** The bulk bar over the rows the list has loaded (its page checkbox selects them). */
export function LoadedBulkBar({ selection, children }: Omit<Props, 'rows'>) {
  const { data } = useListContext<Row & Record<string, unknown>>();
  return (
    <BulkBar selection={selection} rows={data ?? []}>
      {children}
    </BulkBar>
  );
}

/** A row's checkbox, named by its record ('Select SKU-1200'). */
export function BulkCheckbox({ selection, row, name }: { selection: BulkSelection; row: Row; name: string }) {
  const m = useMessages();
  return (
    <Checkbox
      size="small"
      checked={selection.selected.has(row.id)}
      onChange={(e) => selection.toggle(row, e.target.checked)}
      slotProps={{ input: { 'aria-label': format(m.bulk.select, { sku: name }) } }}
    />
  );
}

/** Apply to the n selected ('Apply to 12 products'). */
export function BulkApply({ n, text, ...button }: { n: number; text: string; disabled?: boolean } & ButtonAction) {
  const tag = LOCALE_TAGS[useLocale()];
  return (
    <Button variant="contained" {...button}>
      {format(text, { n: n.toLocaleString(tag) })}
    </Button>
  );
}
type ButtonAction = { onClick: () => void; type?: undefined } | { type: 'submit'; onClick?: undefined };
