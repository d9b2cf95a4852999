import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { messageOf } from '../../base/errors';
import { useLocale, useMessages } from '../../base/locale';
import { LOCALE_TAGS } from '../../domain/locales';
import { format } from '../../domain/messages';
import { BULK_BATCH, type BulkItem, type BulkUndoResult } from '../../domain/bulk';
import type { BulkCalls, BulkTexts } from './bulkCalls';

interface Props {
  /** The selected records, id → version when selected. */
  selected: ReadonlyMap<string, number>;
  set: Record<string, unknown>;
  /** The back end's change and Undo of this list's records. */
  calls: BulkCalls;
  /** The words that name the records (products' own, or the engine's 'records'). */
  texts: BulkTexts;
  /** Closed: whether anything was changed (the list then reloads). */
  onClose: (changed: boolean) => void;
}

/** Records not changed (someone else's change since, or gone), with why; the first this many are listed. */
const LISTED = 100;

/**
 * Runs a bulk change in requests of BULK_BATCH records, one after another (each one transaction on the server), so
 * the progress shown is what has been saved (docs/decisions.md, "Bulk edit"); then the outcome, the records left
 * alone with why, and Undo of the whole change.
 */
export function BulkRun({ selected, set, calls, texts, onClose }: Props) {
  const m = useMessages();
  const t = { ...m.bulk, ...texts };
  const tag = LOCALE_TAGS[useLocale()];
  const num = (n: number): string => n.toLocaleString(tag);
  const total = selected.size;
  const [done, setDone] = useState(0);
  const [items, setItems] = useState<BulkItem[]>([]);
  const [batch, setBatch] = useState<string | null>(null);
  const [phase, setPhase] = useState<'running' | 'done' | 'undoing' | 'undone'>('running');
  const [failure, setFailure] = useState<string | null>(null);
  const [undo, setUndo] = useState<BulkUndoResult | null>(null);
  const started = useRef(false);
  // Stop asked for: the part under way finishes (one transaction, already sent), no further part is sent.
  const stop = useRef(false);
  const [stopping, setStopping] = useState(false);
  const [stoppedWith, setStoppedWith] = useState<number | null>(null);

  useEffect(() => {
    // Once per dialog (React's development double effect included): a second run would find every record changed.
    if (started.current) return;
    started.current = true;
    const ids = [...selected.keys()];
    void (async () => {
      let current: string | undefined;
      try {
        for (let i = 0; i < ids.length; i += BULK_BATCH) {
          if (stop.current) {
            setStoppedWith(ids.length - i);
            break;
          }
          const part = ids.slice(i, i + BULK_BATCH);
          const res = await calls.change({
            ids: part,
            set,
            versions: Object.fromEntries(part.map((id) => [id, selected.get(id)!])),
            batch: current,
          });
          // No batch until a record changed: the next request then begins one.
          current = res.batch;
          setBatch(res.batch ?? null);
          setItems((xs) => [...xs, ...res.items]);
          setDone(i + part.length);
        }
      } catch (err) {
        setFailure(format(t.failed, { reason: messageOf(err) ?? m.errors.couldNotUpdate }));
      }
      setPhase('done');
    })();
    // Once per dialog, on what it was opened with: the selection and the change do not change while it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const count = (o: BulkItem['outcome']): number => items.filter((i) => i.outcome === o).length;
  const left = items.filter((i) => i.outcome === 'conflict' || i.outcome === 'refused');
  const changed = count('changed');
  const runUndo = async (): Promise<void> => {
    if (!batch) return;
    setPhase('undoing');
    try {
      setUndo(await calls.undo(batch));
      setPhase('undone');
    } catch (err) {
      setFailure(messageOf(err) ?? m.history.undoFailed);
      setPhase('done');
    }
  };
  const busy = phase === 'running' || phase === 'undoing';
  const listOf = (rows: readonly { id: string; sku?: string | null; label?: string | null; reason?: string }[]) => (
    <Box component="ul" sx={{ pl: 2, my: 1, maxHeight: 200, overflowY: 'auto' }}>
      {rows.slice(0, LISTED).map((r) => (
        <Typography component="li" variant="body2" key={r.id}>
          {r.sku ?? r.label ?? r.id}: {r.reason}
        </Typography>
      ))}
      {rows.length > LISTED && (
        <Typography component="li" variant="body2">
          …
        </Typography>
      )}
    </Box>
  );

  return (
    <Dialog open onClose={() => !busy && onClose(changed > 0)} aria-labelledby="bulk-run-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-run-title">{format(t.title, { n: num(total) })}</DialogTitle>
      <DialogContent>
        <LinearProgress
          variant="determinate"
          value={total === 0 ? 100 : (done / total) * 100}
          aria-label={format(t.progress, { done: num(done), total: num(total) })}
          sx={{ my: 1 }}
        />
        <Typography role="status" variant="body2">
          {phase === 'running'
            ? format(t.progress, { done: num(done), total: num(total) })
            : format(t.summary, {
                changed: num(changed),
                unchanged: num(count('unchanged')),
                conflict: num(count('conflict')),
                refused: num(count('refused')),
              })}
        </Typography>
        {stoppedWith !== null && (
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            {format(t.stopped, { n: num(stoppedWith) })}
          </Typography>
        )}
        {failure && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {failure}
          </Typography>
        )}
        {phase !== 'running' && left.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {t.leftAlone}
            </Typography>
            {listOf(left)}
          </>
        )}
        {undo && (
          <Box role="status" sx={{ mt: 2 }}>
            <Typography variant="body2">{format(t.undone, { n: num(undo.undone) })}</Typography>
            {undo.left.length > 0 && (
              <>
                <Typography variant="body2">{format(t.undoneLeft, { n: num(undo.left.length) })}</Typography>
                {listOf(undo.left)}
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {phase === 'running' && (
          <Button
            onClick={() => {
              stop.current = true;
              setStopping(true);
            }}
            disabled={stopping}
          >
            {stopping ? t.stopping : t.stop}
          </Button>
        )}
        {batch && changed > 0 && phase !== 'undone' && (
          <Button onClick={() => void runUndo()} disabled={busy}>
            {phase === 'undoing' ? t.undoing : t.undo}
          </Button>
        )}
        <Button variant="contained" onClick={() => onClose(changed > 0)} disabled={busy}>
          {t.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
