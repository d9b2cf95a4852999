import { Fragment, useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { failureReason } from '../../base/errors';
import { useLocale, useMessages } from '../../base/locale';
import { Busy } from '../../base/Busy';
import { visuallyHidden } from '../../base/visuallyHidden';
import { exactTime, relativeTime } from '../../resources/shared/history/describe';
import { useSmallScreen } from '../../resources/shared/SimpleRows';

export type ListState<T> =
  { status: 'pending' } | { status: 'ready'; items: T[] } | { status: 'error'; message: string };

/**
 * A list of the account's own (its sessions, its passkeys), read when shown and again after each change; a refusal to
 * read it becomes the words `refusal` gives. `read` and `refusal` should keep their identity (useCallback).
 * `act` runs a change, `busy` while it does: 'done' in a toast when it goes through; a refusal `onField` claims (a
 * field's message) is answered, any other said in a toast (its reason, else `failure`); then the list is read again.
 */
export function useAccountList<T>(read: () => Promise<T[]>, refusal: (err: unknown) => string) {
  const notify = useNotify();
  const [state, setState] = useState<ListState<T>>({ status: 'pending' });
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setState({ status: 'ready', items: await read() });
    } catch (err) {
      setState({ status: 'error', message: refusal(err) });
    }
  }, [read, refusal]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (
    call: () => Promise<void>,
    done: string,
    failure: string,
    onField?: (err: unknown) => string | undefined,
  ): Promise<string | null> => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
      return null;
    } catch (err) {
      const field = onField?.(err);
      if (field) return field;
      notify(failureReason(err) ?? failure, { type: 'error' });
      return null;
    } finally {
      setBusy(false);
      await load();
    }
  };
  return { state, busy, act };
}

/**
 * The card such a list stands in: its heading, then a spinner, the reason it cannot be shown, or its intro and body.
 */
export function AccountListCard<T>(props: {
  title: string;
  intro: string;
  state: ListState<T>;
  children: (items: T[]) => ReactNode;
}) {
  const { title, intro, state, children } = props;
  return (
    <Card sx={{ flex: 1, width: '100%', maxWidth: 880 }}>
      <CardContent sx={{ p: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {state.status === 'pending' && <Busy minHeight={120} />}
        {state.status === 'error' && <Alert severity="info">{state.message}</Alert>}
        {state.status === 'ready' && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {intro}
            </Typography>
            {children(state.items)}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A moment as '3 minutes ago', the exact time on hover and focus. */
export function Moment({ at }: { at: string }) {
  const locale = useLocale();
  return (
    <Tooltip title={exactTime(at, locale)} describeChild>
      <Typography component="time" dateTime={at} tabIndex={0} variant="body2">
        {relativeTime(at, locale)}
      </Typography>
    </Tooltip>
  );
}

/** One column of an AccountTable: its heading and what a row shows under it. */
export interface AccountColumn<T> {
  label: string;
  cell: (item: T) => ReactNode;
}

/**
 * Below this width (CSS px) of the space an AccountTable has, its items are a list: Sessions' table cannot shrink below
 * 464 px (measured in Chromium, English) and squeezes its times into one word a line well above that.
 */
const TABLE_MIN_WIDTH = 560;

/**
 * The width of the element the returned ref is set on, in CSS px, now and after each change; null where it cannot be
 * measured (no ResizeObserver, or no layout: jsdom).
 */
function useWidth(): [(element: HTMLElement | null) => void, number | null] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  // Measured before the first paint, so a table that does not fit is never shown.
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = (): void => setWidth(element.clientWidth > 0 ? element.clientWidth : null);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}

/** What an AccountTable shows: its name, its items, its columns and each item's buttons. */
interface AccountTableProps<T> {
  label: string;
  items: T[];
  rowKey: (item: T) => string;
  columns: AccountColumn<T>[];
  actions: (item: T) => ReactNode;
}

/**
 * The account's own items (its sessions, its passkeys) as a table, each row ending in its buttons under a column
 * named 'Actions' (hidden from sight, read by screen readers: a header cell with no text is one they cannot name).
 * Where the table would not fit, a list instead, so nothing scrolls sideways: each item its first column as its
 * heading, the others as label and value, then its buttons. The width the table has decides, not the window's: with
 * the sidebar open, a window of 600 to 1000 px (a tablet, a phone on its side) leaves the card too little. The box is
 * sized by the space around it, never by what it holds (CSS inline-size containment), so react-admin's layout, at
 * least as wide as its content, does not grow with a table and the width measured is the space there is.
 */
export function AccountTable<T>(props: AccountTableProps<T>) {
  const m = useMessages();
  const small = useSmallScreen();
  const [measure, width] = useWidth();
  // Where nothing is laid out (jsdom), the window's width decides, as for the other lists.
  const narrow = width === null ? small : width < TABLE_MIN_WIDTH;
  return (
    <Box ref={measure} sx={{ containerType: 'inline-size' }}>
      {narrow ? <AccountItems {...props} /> : <AccountRows {...props} actionsLabel={m.common.actions} />}
    </Box>
  );
}

/** An AccountTable's items as a list (where the table would not fit). */
function AccountItems<T>(props: AccountTableProps<T>) {
  const { label, items, rowKey, columns, actions } = props;
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    <List aria-label={label} disablePadding>
      {items.map((item) => (
        <ListItem key={rowKey(item)} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
          <Typography component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {first.cell(item)}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.5 }}
          >
            {rest.map((c) => (
              <Fragment key={c.label}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {c.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {c.cell(item)}
                </Typography>
              </Fragment>
            ))}
          </Box>
          <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions(item)}</Box>
        </ListItem>
      ))}
    </List>
  );
}

/** An AccountTable's items as a table, its last column the buttons under a header read only by screen readers. */
function AccountRows<T>(props: AccountTableProps<T> & { actionsLabel: string }) {
  const { label, items, rowKey, columns, actions, actionsLabel } = props;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} scope="col">
                {c.label}
              </TableCell>
            ))}
            <TableCell scope="col">
              <Box component="span" sx={visuallyHidden}>
                {actionsLabel}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={rowKey(item)}>
              {columns.map((c) => (
                <TableCell key={c.label} sx={{ overflowWrap: 'anywhere' }}>
                  {c.cell(item)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(item)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
