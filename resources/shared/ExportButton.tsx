import { useState } from 'react';
import { useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';
import { datedName, readAll, saveFile, toCsv, type CsvColumn } from './csv';

interface Props<R> {
  resource: string;
  /** The list's current filters: the file holds what the list shows, every page of it. */
  filter?: Record<string, unknown>;
  columns: readonly CsvColumn<R>[];
  /** The file's name before its date, e.g. 'products'. */
  stem: string;
}

/**
 * 'Export': every record of the list under its filters as a CSV file, with the rows read so far shown while it works.
 */
export function ExportButton<R extends RaRecord>({ resource, filter = {}, columns, stem }: Props<R>) {
  const m = useMessages();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [rows, setRows] = useState<number | null>(null);

  const run = async (): Promise<void> => {
    setRows(0);
    try {
      const records = await readAll<R>(dataProvider, resource, filter, setRows);
      saveFile(await toCsv(records, columns), datedName(stem));
      notify(format(m.csv.exported, { count: records.length }), { type: 'success' });
    } catch (err) {
      notify(format(m.csv.exportFailed, { reason: err instanceof Error ? err.message : String(err) }), {
        type: 'error',
      });
    } finally {
      setRows(null);
    }
  };

  const busy = rows !== null;
  return (
    <Button
      variant="outlined"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}
    >
      <span aria-live="polite">{busy ? format(m.csv.exporting, { count: rows }) : m.csv.export}</span>
    </Button>
  );
}
