import { useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import type { ImportResult, ImportRowIn } from '../../domain/productImport';
import { format } from '../../domain/messages';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { messageOf } from '../../base/errors';
import { visuallyHidden } from '../../base/visuallyHidden';
import { parseCsv } from '../shared/csv';
import { importRows } from './csv';
import { ImportPreview } from './ImportPreview';
import { LIST_PATH, ProductFrame } from './ProductFrame';

type Step =
  | { at: 'idle' }
  | { at: 'busy'; label: string }
  | { at: 'problem'; message: string }
  | { at: 'checked'; rows: ImportRowIn[]; result: ImportResult };

/** /products/import: a CSV file of products checked row by row, shown, then applied at once (or not at all). */
export default function ProductImport() {
  const m = useMessages();
  const t = m.csv;
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const [applying, setApplying] = useState(false);

  const choose = async (e: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!/\.csv$/i.test(file.name) && !/csv/.test(file.type)) return setStep({ at: 'problem', message: t.notCsv });
    setStep({ at: 'busy', label: format(t.reading, { name: file.name }) });
    try {
      const read = importRows(await parseCsv(file), m);
      if ('problem' in read) return setStep({ at: 'problem', message: read.problem });
      setStep({ at: 'busy', label: format(t.checking, { count: read.rows.length }) });
      const result = await dataProvider.importProducts({ rows: read.rows, apply: false });
      setStep({ at: 'checked', rows: read.rows, result });
    } catch (err) {
      setStep({
        at: 'problem',
        message:
          err instanceof Error && !('status' in err)
            ? format(t.unreadable, { reason: err.message })
            : (messageOf(err) ?? m.errors.server),
      });
    }
  };

  const apply = async (rows: ImportRowIn[]): Promise<void> => {
    setApplying(true);
    try {
      const result = await dataProvider.importProducts({ rows, apply: true });
      notify(format(t.applied, result.counts), { type: 'success' });
      navigate(LIST_PATH);
    } catch (err) {
      // Someone changed a product meanwhile, or a row no longer passes: say so and show the file as it checks now.
      notify(messageOf(err) ?? m.errors.server, { type: 'error' });
      const result = await dataProvider.importProducts({ rows, apply: false }).catch(() => null);
      if (result) setStep({ at: 'checked', rows, result });
    } finally {
      setApplying(false);
    }
  };

  const checked = step.at === 'checked' ? step : null;
  const changes = checked ? checked.result.counts.create + checked.result.counts.update : 0;
  return (
    <ProductFrame title={t.importTitle}>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t.importIntro}</Typography>
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
    </ProductFrame>
  );
}
