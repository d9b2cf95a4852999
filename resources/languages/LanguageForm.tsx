import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useMessages } from '../../src/locale';
import { matchesFilter, type LanguageRecord } from './texts';
import { useLanguageDraft } from './useLanguageDraft';
import { TextRow } from './TextRow';
import { MissingKeys } from './MissingKeys';

interface Props {
  record: LanguageRecord;
  /** The other language's keys, to mark what either side lacks; null while unknown. */
  otherKeys: ReadonlySet<string> | null;
  reload: () => Promise<LanguageRecord | undefined>;
}

/** The key/value editor: a filter box, one required input per key (sorted ignoring case), 'Save Changes'. */
export function LanguageForm({ record, otherKeys, reload }: Props) {
  const t = useMessages().languages;
  const draft = useLanguageDraft(record, reload);
  const [filter, setFilter] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refused save, the first empty input takes the focus (rendered by then, the filter cleared).
  useEffect(() => {
    if (focusInvalid > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const empty = await draft.save();
    if (empty.length === 0) return;
    if (empty.some((k) => !matchesFilter(k, filter))) setFilter('');
    setFocusInvalid((n) => n + 1);
  };
  const add = (key: string): void => {
    setFilter('');
    setAdded(key);
    draft.addKey(key);
  };

  const shown = draft.keys.filter((k) => matchesFilter(k, filter));
  const onlyThere = otherKeys ? [...otherKeys].filter((k) => !(k in draft.values)).sort((a, b) => a.localeCompare(b)) : [];

  return (
    <Box component="form" ref={form} onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t.filter}
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        size="small"
        sx={{ mb: 3, maxWidth: 360 }}
        fullWidth
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><FilterListIcon aria-hidden /></InputAdornment> } }}
      />
      <Stack spacing={2}>
        {shown.map((key) => (
          <TextRow
            key={key}
            textKey={key}
            value={draft.values[key] ?? ''}
            invalid={draft.invalid.has(key)}
            missingInOther={otherKeys !== null && !otherKeys.has(key)}
            autoFocus={key === added}
            onChange={draft.change}
          />
        ))}
      </Stack>
      {shown.length === 0 && (
        <Typography role="status" color="text.secondary">
          {t.noMatch}
        </Typography>
      )}
      <MissingKeys keys={onlyThere} onAdd={add} />
      <Box sx={{ position: 'sticky', bottom: 0, py: 2, mt: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', zIndex: 1 }}>
        {/* Beside the button that was pressed, so it is seen even at the end of a long list. */}
        {draft.stale && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void draft.restart()}>
                {t.reload}
              </Button>
            }
          >
            {t.stale}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={draft.saving}
          aria-busy={draft.saving}
          startIcon={draft.saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
        >
          {t.save}
        </Button>
      </Box>
    </Box>
  );
}
