import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  DataTable,
  InfiniteListBase,
  useInfinitePaginationContext,
  useListContext,
  useNotify,
  useDataTableRenderContext,
  type DataTableColumnProps,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { Box, Button, Card, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { PAGE_SIZE } from '../../domain/constants';
import { useMessages } from '../../base/locale';
import { Busy } from '../../base/Busy';
import { visuallyHidden } from '../../base/visuallyHidden';
import { SimpleRows, useSmallScreen } from './SimpleRows';
import { LatestListParams } from './LatestListParams';

/**
 * The column that names its row (a person's name): a DataTable column whose body cells are row headers for screen
 * readers. DataTable passes a column's other props to MUI's TableCell, whose `component` its column type leaves out.
 */
export function RowHeaderCol<R extends RaRecord>(props: DataTableColumnProps<R>) {
  const data = useDataTableRenderContext() === 'data';
  return <DataTable.Col<R> {...props} {...(data ? { component: 'th', scope: 'row' } : {})} />;
}

/** A row on a phone: primary and secondary text, a thumbnail if it has one, and a note after the text. */
export type PhoneRow = { primary: string; secondary: string; image?: string; note?: ReactNode };

export interface ResourceListProps<R extends RaRecord> {
  resource: string;
  /** The table's name for screen readers, and the phone list's. */
  label: string;
  /** Narrows the list (a search, a category); a new filter starts again from the first page. */
  filter?: Record<string, unknown>;
  /**
   * A list people sort (column headers with a `source`) and filter (react-admin's filter components in `before`): its
   * first order, and the language of its texts (a translated field sorts in it). Its order and filters live in the
   * address (react-admin's own ?filter=…&sort=…&order=…), so a link or Back keeps them.
   */
  sorting?: { sort: SortPayload; lang: string };
  /**
   * Each row's EDIT link: where it goes, and what names the row after 'EDIT' for a screen reader; `text` and `icon` in
   * place of EDIT's (a Show link for someone who may not edit).
   */
  edit: { path: (row: R) => string; name: (row: R) => string; text?: string; icon?: ReactNode };
  phone: (row: R) => PhoneRow;
  /** What shows when there are no rows, and when they could not be fetched (also said as a toast). */
  empty: string;
  failed: string | ((err: unknown) => string);
  /** Above the rows, inside the list's context (a bulk bar reads the loaded rows there). */
  before?: ReactNode;
  /** The columns: react-admin's `<DataTable.Col>`s (an EDIT column is added after them). */
  children: ReactNode;
}

/**
 * Any resource's list, on react-admin's InfiniteListBase: ten rows a page in the back end's own order, 'More' appending
 * the next (react-admin's infinite pagination; the providers turn its page numbers into our cursors,
 * providers/shared/pageCursors.ts), the rows in a DataTable with an EDIT link each, a simple list on a phone. The route
 * is already guarded by its area (RequireAccess), so the list does not ask the auth provider about its resource name.
 */
export function ResourceList<R extends RaRecord>({ resource, filter, failed, sorting, ...rest }: ResourceListProps<R>) {
  const notify = useNotify();
  const failedText = (err: unknown): string => (typeof failed === 'function' ? failed(err) : failed);
  return (
    <InfiniteListBase<R>
      resource={resource}
      perPage={PAGE_SIZE}
      filter={filter}
      {...(sorting ? { sort: sorting.sort } : {})}
      disableSyncWithLocation={!sorting}
      disableAuthentication
      queryOptions={{
        onError: (err: unknown) => notify(failedText(err), { type: 'error' }),
        ...(sorting ? { meta: { sorted: true, lang: sorting.lang } } : {}),
      }}
    >
      <LatestListParams>
        <ListRows<R> failed={failedText} {...rest} />
      </LatestListParams>
    </InfiniteListBase>
  );
}

function ListRows<R extends RaRecord>({
  label,
  edit,
  phone,
  empty,
  failed,
  before,
  children,
}: Omit<ResourceListProps<R>, 'resource' | 'filter' | 'failed' | 'sorting'> & { failed: (err: unknown) => string }) {
  const m = useMessages();
  const small = useSmallScreen();
  const { data, error, isPending } = useListContext<R>();
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  const rows = data ?? [];
  const firstNew = useRef<number | null>(null);
  const card = useRef<HTMLDivElement>(null);

  // Each row holds one link (its EDIT, or the whole row on a phone): when 'More' brings the last page and the button
  // goes, the first row it added takes the focus rather than losing it.
  useEffect(() => {
    if (firstNew.current === null || isFetchingNextPage) return;
    if (!hasNextPage) card.current?.querySelectorAll<HTMLElement>('a[href]')[firstNew.current]?.focus();
    firstNew.current = null;
  }, [rows.length, isFetchingNextPage, hasNextPage]);

  const more = (): void => {
    firstNew.current = rows.length;
    void fetchNextPage();
  };

  let body: ReactNode;
  if (isPending) body = <Busy minHeight={200} />;
  else if (rows.length === 0) {
    body = (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {error ? failed(error) : empty}
      </Typography>
    );
  } else if (small) {
    body = <SimpleRows label={label} rows={rows.map((r) => ({ key: String(r.id), to: edit.path(r), ...phone(r) }))} />;
  } else {
    body = (
      <DataTable<R> bulkActionButtons={false} rowClick={false} hover aria-label={label}>
        {children}
        <DataTable.Col
          label={<Box sx={visuallyHidden}>{edit.text ?? m.common.edit}</Box>}
          align="right"
          render={(r: R) => (
            <Button
              component={Link}
              to={edit.path(r)}
              size="small"
              startIcon={edit.icon ?? <EditIcon />}
              aria-label={`${edit.text ?? m.common.edit} ${edit.name(r)}`}
            >
              {edit.text ?? m.common.edit}
            </Button>
          )}
        />
      </DataTable>
    );
  }

  return (
    <>
      {before}
      {/* A table wider than the room there is scrolls here, not the page (src/layout/Layout.tsx). */}
      <Card ref={card} sx={{ overflowX: 'auto' }}>
        {body}
      </Card>
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={more} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
            {m.common.more}
          </Button>
        </Box>
      )}
    </>
  );
}
