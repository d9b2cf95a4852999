import { useState } from 'react';
import {
  Box,
  Button,
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';

/** A checked row: a new record, a change to one (which columns), nothing, or refused (each cell's problem). */
export interface CheckedRow {
  line: number;
  action: 'create' | 'update' | 'same' | 'error';
  changes: string[];
  errors: { field: string; message: string }[];
}

/** A checked file: each row's outcome and the counts (products' and every described resource's import answer so). */
export interface CheckedFile<R extends CheckedRow = CheckedRow> {
  rows: R[];
  counts: { create: number; update: number; same: number; error: number };
}

/** How a resource's rows are named: the column saying which record (SKU, id) and each column's label. */
export interface RowNaming<R extends CheckedRow> {
  keyHeader: string;
  keyOf: (row: R) => string;
  columnLabel: (column: string) => string;
}

/** Rows shown at first and added by each 'More'. */
const SHOWN = 50;

/**
 * The checked file: its counts, then each row's outcome (only those with errors, when there are some), 50 at a time.
 */
export function ImportPreview<R extends CheckedRow>({
  result,
  naming,
  label,
}: {
  result: CheckedFile<R>;
  naming: RowNaming<R>;
  /** The table's name for screen readers: the page's title. */
  label: string;
}) {
  const m = useMessages();
  const { columnLabel } = naming;
  const t = m.csv;
  const [onlyErrors, setOnlyErrors] = useState(result.counts.error > 0);
  const [shown, setShown] = useState(SHOWN);
  const rows = onlyErrors ? result.rows.filter((r) => r.action === 'error') : result.rows;
  const outcome = (r: R): string => {
    if (r.action === 'create') return t.create;
    if (r.action === 'same') return t.same;
    if (r.action === 'update') return format(t.update, { fields: r.changes.map(columnLabel).join(', ') });
    return t.refused;
  };
  return (
    <Box>
      <Typography role="status" sx={{ fontWeight: 500, mb: 1 }}>
        {format(t.summary, result.counts)}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={onlyErrors}
            onChange={(e) => setOnlyErrors(e.target.checked)}
            disabled={result.counts.error === 0}
          />
        }
        label={t.onlyErrors}
      />
      <TableContainer sx={{ mt: 1 }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{t.line}</TableCell>
              <TableCell>{naming.keyHeader}</TableCell>
              <TableCell>{t.outcome}</TableCell>
              <TableCell>{t.problems}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, shown).map((r) => (
              <TableRow key={r.line} sx={r.action === 'error' ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
                <TableCell>{r.line}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{naming.keyOf(r)}</TableCell>
                <TableCell>{outcome(r)}</TableCell>
                <TableCell>
                  {r.errors.map((e) => (
                    <Box key={e.field + e.message} sx={{ color: 'error.dark' }}>
                      {columnLabel(e.field)}: {e.message}
                    </Box>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > shown && (
        <Button variant="outlined" onClick={() => setShown((n) => n + SHOWN)} sx={{ mt: 2 }}>
          {m.common.more}
        </Button>
      )}
    </Box>
  );
}
