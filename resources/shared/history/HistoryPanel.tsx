import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import type { HistoryEntry } from '../../../domain/history';
import type { FieldDescription, OptionLabels } from '../../../domain/resourceDescription';
import type { AppDataProvider, HistoryOf } from '../../../base/backend';
import { useMessages } from '../../../base/locale';
import { codeOf, messageOf, statusOf } from '../../../base/errors';
import { Busy } from '../../../base/Busy';
import { canUndo } from './describe';
import { HistoryEntryLine } from './HistoryEntryLine';

interface Props {
  of: HistoryOf;
  /** Changes after each save (the record's version or updated time): the panel reads its first page again. */
  refreshKey?: unknown;
  /** The record's version, for an undo's If-Match; undo is offered only when it is given. */
  version?: number;
  /** After an undo saved: the page reloads its record (the panel refreshes with it). */
  onUndone?: () => void;
  /** The fields' labels in the console's language (a described resource's texts); otherwise the kind's own. */
  labels?: Readonly<Record<string, string>>;
  /** The fields' kinds (a described resource's description), so its numbers show as its screens write them. */
  fields?: Readonly<Record<string, FieldDescription>>;
  /** Its options' labels (a described resource's texts), so a choice shows as its screens name it. */
  options?: OptionLabels;
}

type State = {
  items: HistoryEntry[];
  next: string | null;
  status: 'pending' | 'ready' | 'error' | 'unavailable';
  /** Why there is none: the back end keeps no history of this kind (Firebase: only described resources'). */
  reason?: string;
};

/** 'History': a record's changes, newest first, ten at a time with 'More'; undo where it is safe. */
export function HistoryPanel({ of, refreshKey, version, onUndone, labels, fields, options }: Props) {
  const m = useMessages();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [state, setState] = useState<State>({ items: [], next: null, status: 'pending' });
  const [busy, setBusy] = useState(false);
  // A page asked for before a refresh is dropped when it arrives.
  const generation = useRef(0);
  // Read again when the record it follows changes (not on every render's new `of` object).
  const ofKey = JSON.stringify(of);

  const load = useCallback(
    async (after: string | null) => {
      const mine = generation.current;
      try {
        const page = await dataProvider.getHistory(JSON.parse(ofKey) as HistoryOf, { after });
        if (mine !== generation.current) return;
        setState((s) => ({
          items: after ? [...s.items, ...page.items] : page.items,
          next: page.next,
          status: 'ready',
        }));
      } catch (err) {
        if (mine !== generation.current) return;
        if (codeOf(err) === 'not_available')
          setState({ items: [], next: null, status: 'unavailable', reason: messageOf(err) });
        else setState((s) => ({ ...s, status: 'error' }));
      }
    },
    [dataProvider, ofKey],
  );

  useEffect(() => {
    generation.current += 1;
    setState({ items: [], next: null, status: 'pending' });
    void load(null);
  }, [load, refreshKey]);

  const undo = async (entry: HistoryEntry): Promise<void> => {
    if (version === undefined) return;
    setBusy(true);
    try {
      await dataProvider.undoHistory(entry.id, version, of);
      notify(m.history.undone, { type: 'success' });
      onUndone?.();
    } catch (err) {
      // The server's own reason (stale, changed since, not undoable) in the console's language.
      notify(err instanceof Error && statusOf(err) !== undefined ? err.message : m.history.undoFailed, {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="history-title" sx={{ mt: 3 }}>
      <Typography id="history-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {m.history.title}
      </Typography>
      {state.status === 'pending' && <Busy minHeight={60} />}
      {state.status === 'error' && <Typography role="alert">{m.history.failed}</Typography>}
      {state.status === 'unavailable' && <Typography color="text.secondary">{state.reason}</Typography>}
      {state.status === 'ready' && state.items.length === 0 && (
        <Typography color="text.secondary">{m.history.empty}</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {state.items.map((entry) => (
          <HistoryEntryLine
            key={entry.id}
            entry={entry}
            busy={busy}
            labels={labels}
            fields={fields}
            options={options}
            onUndo={version !== undefined && canUndo(entry, fields) ? (e) => void undo(e) : undefined}
          />
        ))}
      </Box>
      {state.next && (
        <Button sx={{ mt: 1 }} onClick={() => void load(state.next)}>
          {m.history.more}
        </Button>
      )}
    </Box>
  );
}
