import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RaRecord } from 'react-admin';
import {
  Box,
  Button,
  Card,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import EditIcon from '@mui/icons-material/Edit';
import { useMessages } from '../../base/locale';
import type { CursorPages } from '../../base/useCursorPages';
import { Busy } from '../../base/Busy';
import { SimpleRows, useSmallScreen } from './SimpleRows';
import { visuallyHidden } from '../../base/visuallyHidden';

/** One column of a paged table. */
export interface Column<R> {
  /** Its heading; `hiddenLabel` keeps it for screen readers only (a thumbnail's column). */
  label: string;
  hiddenLabel?: boolean;
  cell: (row: R) => ReactNode;
  /** The cell that names the row (a row header for screen readers). */
  rowHeader?: boolean;
  sx?: SxProps<Theme>;
}

export interface PagedTableProps<R extends RaRecord> {
  /** The pages, from `useCursorPages` (the page keeps them, so it can add a new record at the end). */
  pages: CursorPages<R>;
  /** The table's name for screen readers, and the phone list's. */
  label: string;
  columns: readonly Column<R>[];
  /** Each row's EDIT link: where it goes, and what names the row after 'EDIT' for a screen reader. */
  edit: { path: (row: R) => string; name: (row: R) => string };
  /** A row on a phone: primary and secondary text, a thumbnail if it has one, and a note after the text. */
  phone: (row: R) => { primary: string; secondary: string; image?: string; note?: ReactNode };
  /** What shows when there are no rows, and when they could not be fetched. */
  empty: string;
  failed: string;
}

/**
 * Any resource's list: a table with an EDIT link per row, ten rows a page, 'More' appending the next;
 * a simple list on a phone. When 'More' brings the last page the button goes, and the focus moves to the first row
 * it added rather than being lost.
 */
export function PagedTable<R extends RaRecord>({
  pages,
  label,
  columns,
  edit,
  phone,
  empty,
  failed,
}: PagedTableProps<R>) {
  const m = useMessages();
  const small = useSmallScreen();
  const { rows, status, hasMore, loadMore } = pages;
  const firstNew = useRef<number | null>(null);
  const card = useRef<HTMLDivElement>(null);

  // Each row holds one link (its EDIT, or the whole row on a phone): the first new row's takes the focus.
  useEffect(() => {
    if (firstNew.current === null || status !== 'ready') return;
    if (!hasMore) card.current?.querySelectorAll<HTMLElement>('a[href]')[firstNew.current]?.focus();
    firstNew.current = null;
  }, [rows, status, hasMore]);

  const more = (): void => {
    firstNew.current = rows.length;
    void loadMore();
  };
  const editName = (r: R): string => `${m.common.edit} ${edit.name(r)}`;

  let body: ReactNode;
  if (status === 'pending') body = <Busy minHeight={200} />;
  else if (rows.length === 0) {
    body = (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {status === 'error' ? failed : empty}
      </Typography>
    );
  } else if (small) {
    body = <SimpleRows label={label} rows={rows.map((r) => ({ key: String(r.id), to: edit.path(r), ...phone(r) }))} />;
  } else {
    body = (
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.label} scope="col" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c.hiddenLabel ? (
                    <Box component="span" sx={visuallyHidden}>
                      {c.label}
                    </Box>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
              <TableCell scope="col">
                <Box component="span" sx={visuallyHidden}>
                  {m.common.edit}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={String(r.id)} hover>
                {columns.map((c) => (
                  <TableCell key={c.label} sx={c.sx} {...(c.rowHeader ? { component: 'th', scope: 'row' } : {})}>
                    {c.cell(r)}
                  </TableCell>
                ))}
                <TableCell align="right">
                  <Button
                    component={Link}
                    to={edit.path(r)}
                    size="small"
                    startIcon={<EditIcon />}
                    aria-label={editName(r)}
                  >
                    {m.common.edit}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <>
      <Card ref={card}>{body}</Card>
      {hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={more} disabled={status === 'more'} aria-busy={status === 'more'}>
            {m.common.more}
          </Button>
        </Box>
      )}
    </>
  );
}
