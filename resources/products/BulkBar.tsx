import { useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { CATEGORIES, MATERIAL_CARE } from '../../domain/constants';
import { format } from '../../domain/messages';
import type { BulkSet } from '../../domain/productBulk';
import type { Product } from '../../domain/products';
import { useLocale, useMessages } from '../../base/locale';
import { LOCALE_TAGS } from '../../domain/locales';
import type { BulkSelection } from './useBulkSelection';

interface Props {
  selection: BulkSelection;
  /** The loaded rows (the page checkbox selects them). */
  rows: readonly Product[];
  /** Starts the change on the selected products. */
  onApply: (set: BulkSet) => void;
}

/**
 * Above the products list: select the loaded rows, or all N matching the search and filters (up to 10,000); then
 * what to set (status, category, material care; 'Keep as it is' leaves a field alone) and Apply.
 */
export function BulkBar({ selection, rows, onApply }: Props) {
  const m = useMessages();
  const t = m.bulk;
  const tag = LOCALE_TAGS[useLocale()];
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [mc, setMc] = useState('');
  const { selected, matching } = selection;
  const n = selected.size;
  const onPage = rows.filter((p) => selected.has(p.id)).length;
  const allMatching =
    matching !== null && n >= matching.items.length && matching.items.every((p) => selected.has(p.id));
  const set: BulkSet = {
    ...(status ? { active: status === 'active' } : {}),
    ...(category ? { category: category as BulkSet['category'] } : {}),
    ...(mc ? { mc: mc as BulkSet['mc'] } : {}),
  };
  const choose = (label: string, value: string, onChange: (v: string) => void, options: [string, string][]) => (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 170 }}
    >
      <MenuItem value="">{t.keep}</MenuItem>
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
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
      {n > 0 && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}>
          {choose(t.setStatus, status, setStatus, [
            ['active', m.products.active],
            ['disabled', m.products.disabled],
          ])}
          {choose(
            t.setCategory,
            category,
            setCategory,
            CATEGORIES.map((c) => [c, c]),
          )}
          {choose(
            t.setMc,
            mc,
            setMc,
            MATERIAL_CARE.map((c) => [c, c]),
          )}
          <Button variant="contained" disabled={Object.keys(set).length === 0} onClick={() => onApply(set)}>
            {format(t.apply, { n: n.toLocaleString(tag) })}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
