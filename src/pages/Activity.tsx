import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDataProvider, useGetList, useInfiniteGetList, useNotify } from 'react-admin';
import { PAGE_SIZE } from '../../domain/constants';
import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { HISTORY_KINDS, type HistoryEntry } from '../../domain/history';
import { ACCOUNT_ACTIONS } from '../../domain/account';
import { messageOf, statusOf } from '../../base/errors';
import type { AppDataProvider } from '../../base/backend';
import { format } from '../../domain/messages';
import type { User } from '../../domain/users';
import { useLocale, useMessages } from '../../base/locale';
import { ExportButton } from '../../resources/shared/ExportButton';
import { Busy } from '../../base/Busy';
import { HistoryEntryLine } from '../../resources/shared/history/HistoryEntryLine';
import { DayPicker } from '../../resources/shared/DateKindInputs';
import { activityColumns, fieldsOf, namesOf, recordPath, recordText } from './activityColumns';
import { useConsoleResources } from '../resourceRoutes';
import { useRecordPath } from '../../resources/shared/recordHooks';
import { fullName } from '../../domain/names';
import { useLacks } from '../../base/lacks';
import { NotAvailablePage } from '../../base/NotAvailable';

interface Filter {
  person?: string;
  kind?: string;
  action?: string;
  from?: string;
  to?: string;
}

/**
 * /info/activity (admins): every change, newest first, narrowed by person, kind of record and dates; exportable as CSV.
 */
export default function Activity() {
  const m = useMessages();
  const locale = useLocale();
  const t = m.activity;
  const notify = useNotify();
  const resources = useConsoleResources();
  const pathOf = useRecordPath();
  const [filter, setFilter] = useState<Filter>({});
  // A back end that keeps no such history (Firebase) says so at once, and nothing is asked of it.
  const lacking = useLacks('activity');
  // A refused filter (a 'From' after 'To') says why, in the server's words; anything else is the list's failure.
  const failed = (err: unknown): string =>
    statusOf(err) === 400 && err instanceof Error ? err.message : m.history.failed;
  // react-admin's infinite list read: page after page in the server's order (the provider turns pages into cursors);
  // a new filter keeps the lines shown until its own arrive, as react-admin's lists do.
  const pages = useInfiniteGetList<HistoryEntry & { id: string }>(
    'history',
    { pagination: { page: 1, perPage: PAGE_SIZE }, filter: { ...filter } },
    {
      retry: false,
      enabled: !lacking,
      placeholderData: (previous) => previous,
      onError: (err: unknown) => notify(failed(err), { type: 'error' }),
    },
  );
  const rows = pages.data?.pages.flatMap((p) => p.data) ?? [];
  // A bulk change's line offers Undo of the whole change; products changed since are left alone, and said so.
  const dataProvider = useDataProvider<AppDataProvider>();
  const [undoing, setUndoing] = useState(false);
  const undoBulk = async (entry: HistoryEntry): Promise<void> => {
    if (!entry.batch) return;
    setUndoing(true);
    try {
      // A described resource's records under its own address, in its words; else products.
      const record = entry.kind === 'record';
      const words = record ? m.bulk.records : m.bulk;
      const res = await (record && entry.resource
        ? dataProvider.undoBulk(entry.batch, entry.resource)
        : dataProvider.undoBulk(entry.batch));
      const names = res.left.map((l) => l.sku ?? l.label ?? l.id).join(', ');
      const left = res.left.length > 0 ? ` ${format(words.undoneLeft, { n: res.left.length })} ${names}` : '';
      notify(`${format(words.undone, { n: res.undone })}${left}`, { type: res.left.length > 0 ? 'warning' : 'info' });
      void pages.refetch();
    } catch (err) {
      notify(messageOf(err) ?? m.history.undoFailed, { type: 'error' });
    } finally {
      setUndoing(false);
    }
  };
  // The people to choose from: the staff list's first hundred (the filter itself takes any uid).
  const people = useGetList<User & { id: string }>(
    'users',
    { pagination: { page: 1, perPage: 100 } },
    { enabled: !lacking },
  );
  const set = (key: keyof Filter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [key]: e.target.value || undefined }));
  // The sign-in events have kinds of their own (signed in, failed…); choosing another kind of record drops that filter.
  const setKind = (e: { target: { value: string } }) =>
    setFilter(({ action: _action, ...f }) => ({ ...f, kind: e.target.value || undefined }));

  if (lacking) return <NotAvailablePage title={t.title} />;
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ flex: 1 }}>
          {t.title}
        </Typography>
        <ExportButton<HistoryEntry & { id: string }>
          resource="history"
          filter={{ ...filter }}
          columns={activityColumns(m, locale, resources)}
          stem="activity"
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <FilterSelect
          label={t.person}
          value={filter.person}
          onChange={set('person')}
          any={t.anyone}
          minWidth={200}
          options={(people.data ?? []).map((u) => ({ value: u.uid, label: fullName(u) || u.email }))}
        />
        <FilterSelect
          label={t.kind}
          value={filter.kind}
          onChange={setKind}
          any={t.anyKind}
          options={HISTORY_KINDS.map((k) => ({ value: k, label: t.kinds[k] }))}
        />
        {filter.kind === 'account' && (
          <FilterSelect
            label={t.event}
            value={filter.action}
            onChange={set('action')}
            any={t.anyEvent}
            options={ACCOUNT_ACTIONS.map((a) => ({ value: a, label: t.events[a] }))}
          />
        )}
        <DayPicker
          label={t.from}
          value={filter.from ?? ''}
          onChange={(day) => set('from')({ target: { value: day } })}
        />
        <DayPicker label={t.to} value={filter.to ?? ''} onChange={(day) => set('to')({ target: { value: day } })} />
      </Box>
      <Card>
        <CardContent>
          {pages.isPending && <Busy minHeight={160} />}
          {!pages.isPending && rows.length === 0 && (
            <Typography color="text.secondary">{pages.error ? m.history.failed : t.empty}</Typography>
          )}
          <Box component="ul" aria-label={t.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((entry) => {
              const names = namesOf(entry, resources);
              const path = recordPath(entry, names, pathOf);
              return (
                <Box
                  component="li"
                  key={entry.id}
                  sx={{ display: 'flex', gap: 2, alignItems: 'baseline', flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={{ minWidth: 160 }}>
                    {path ? <Link to={path}>{recordText(entry, m, names)}</Link> : recordText(entry, m, names)}
                  </Typography>
                  <Box component="ul" sx={{ flex: 1, listStyle: 'none', p: 0, m: 0, minWidth: 240 }}>
                    <HistoryEntryLine
                      entry={entry}
                      labels={names?.fields(m)}
                      options={names?.options(m)}
                      fields={fieldsOf(entry, resources)}
                      busy={undoing}
                      {...(entry.action === 'bulkChanged' ? { onUndo: (e: HistoryEntry) => void undoBulk(e) } : {})}
                    />
                  </Box>
                </Box>
              );
            })}
          </Box>
          {pages.hasNextPage && (
            <Button sx={{ mt: 1 }} onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {m.history.more}
            </Button>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** One of the filters above the list: a choice among `options`, or `any` (no filter). */
function FilterSelect(props: {
  label: string;
  value: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
  any: string;
  options: { value: string; label: string }[];
  minWidth?: number;
}) {
  const { label, value, onChange, any, options, minWidth = 180 } = props;
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={value ?? ''}
      onChange={onChange}
      sx={{ minWidth }}
    >
      <MenuItem value="">{any}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
