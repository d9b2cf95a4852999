import { useRef, useState, type ChangeEvent } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { format, type Catalogue } from '../../domain/messages';
import { useMessages } from '../../base/locale';
import { messageOf } from '../../base/errors';
import { visuallyHidden } from '../../base/visuallyHidden';
import { parseCsv } from './csv';
import { ImportPreview, type CheckedFile, type CheckedRow, type RowNaming } from './ImportPreview';
import { PageFrame } from './PageFrame';

type File_ = { headers: string[]; rows: { row: number; cells: Record<string, string> }[] };

export interface ImportPageProps<In, R extends CheckedRow> {
  title: string;
  intro: string;
  /** The list: Back leads there, and there after the file is applied. */
  back: string;
  /** The rows to send from the read file, or why the file as a whole cannot be checked. */
  read: (file: File_, m: Catalogue) => { rows: In[] } | { problem: string };
  /** The server's check of the rows (apply false: nothing written) or their import, all at once or nothing. */
  run: (rows: In[], apply: boolean) => Promise<CheckedFile<R>>;
  naming: RowNaming<R>;
}

type Step<In, R extends CheckedRow> =
  | { at: 'idle' }
  | { at: 'busy'; label: string }
  | { at: 'problem'; message: string }
  | { at: 'checked'; rows: In[]; result: CheckedFile<R> };

/**
 * A resource's CSV import (products, and every described resource): a file checked row by row, shown, then applied
 * at once (or not at all). The rows are the server's to judge; the page reads the file, shows the outcome and applies.
 */
export function ImportPage<In, R extends CheckedRow>({
  title,
  intro,
  back,
  read,
  run,
  naming,
}: ImportPageProps<In, R>) {
  const m = useMessages();
  const t = m.csv;
  const notify = useNotify();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step<In, R>>({ at: 'idle' });
  const [applying, setApplying] = useState(false);

  const choose = async (e: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!/\.csv$/i.test(file.name) && !/csv/.test(file.type)) return setStep({ at: 'problem', message: t.notCsv });
    setStep({ at: 'busy', label: format(t.reading, { name: file.name }) });
    try {
      const rows = read(await parseCsv(file), m);
      if ('problem' in rows) return setStep({ at: 'problem', message: rows.problem });
      setStep({ at: 'busy', label: format(t.checking, { count: rows.rows.length }) });
      const result = await run(rows.rows, false);
      setStep({ at: 'checked', rows: rows.rows, result });
    } catch (err) {
      setStep({
        at: 'problem',
        message:
          err instanceof Error && !('status' in err) && !('code' in err)
            ? format(t.unreadable, { reason: err.message })
            : (messageOf(err) ?? m.errors.server),
      });
    }
  };

  const apply = async (rows: In[]): Promise<void> => {
    setApplying(true);
    try {
      const result = await run(rows, true);
      notify(format(t.applied, result.counts), { type: 'success' });
      navigate(back);
    } catch (err) {
      // Someone changed a record meanwhile, or a row no longer passes: say so and show the file as it checks now.
      notify(messageOf(err) ?? m.errors.server, { type: 'error' });
      const result = await run(rows, false).catch(() => null);
      if (result) setStep({ at: 'checked', rows, result });
    } finally {
      setApplying(false);
    }
  };

  const checked = step.at === 'checked' ? step : null;
  const changes = checked ? checked.result.counts.create + checked.result.counts.update : 0;
  return (
    <PageFrame title={title} back={back}>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{intro}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={step.at === 'busy' || applying}
        >
          {t.chooseFile}
        </Button>
        <Box
          component="input"
          ref={input}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void choose(e)}
          sx={visuallyHidden}
          tabIndex={-1}
          aria-label={t.chooseFile}
        />
        {step.at === 'busy' && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={18} aria-hidden />
            <span>{step.label}</span>
          </Stack>
        )}
      </Stack>
      {step.at === 'problem' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {step.message}
        </Alert>
      )}
      {checked && (
        <>
          {checked.result.counts.error > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t.fixFirst}
            </Alert>
          )}
          <ImportPreview
            key={checked.result.rows.length + JSON.stringify(checked.result.counts)}
            result={checked.result}
            naming={naming}
            label={title}
          />
          <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={applying ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DoneAllIcon />}
              disabled={applying || checked.result.counts.error > 0 || changes === 0}
              aria-busy={applying}
              onClick={() => void apply(checked.rows)}
            >
              {applying ? t.applying : t.apply}
            </Button>
            {changes === 0 && checked.result.counts.error === 0 && (
              <Typography color="text.secondary">{t.nothingToApply}</Typography>
            )}
          </Box>
        </>
      )}
    </PageFrame>
  );
}
