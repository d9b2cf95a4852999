import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { usePermissions } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import type { LanguageId } from '../../domain/constants';
import { canDo, type RoleFlags } from '../../domain/permissions';
import { useMessages } from '../../base/locale';
import { matchesFilter, todoKeys, type LanguageRecord } from './texts';
import { useLanguageDraft } from './useLanguageDraft';
import { useKeyChanges } from './useKeyChanges';
import { TextRow } from './TextRow';
import { MissingKeys } from './MissingKeys';
import { KeyToolbar, type Show } from './KeyToolbar';
import { AddKeyDialog } from './AddKeyDialog';
import { RemoveKeyDialog } from './RemoveKeyDialog';
import { useLacks } from '../../base/lacks';

const has = (texts: LanguageRecord['texts'] | null, k: string): boolean =>
  texts !== null && Object.prototype.hasOwnProperty.call(texts, k);

interface Props {
  record: LanguageRecord;
  languageId: LanguageId;
  /**
   * The other language's texts, shown beside each input and used to mark what either side lacks; null while unknown.
   */
  otherTexts: LanguageRecord['texts'] | null;
  reload: () => Promise<LanguageRecord | undefined>;
  /** Reads the other language again (after a key change touched it). */
  reloadOther: () => void;
}

/**
 * The key/value editor: filter and 'Empty or missing', one required input per key (sorted ignoring case) with the other
 * language's text, 'Save Changes'.
 */
export function LanguageForm({ record, languageId, otherTexts, reload, reloadOther }: Props) {
  const t = useMessages().languages;
  const otherId: LanguageId = languageId === 'en' ? 'se' : 'en';
  const draft = useLanguageDraft(record, reload);
  const keys = useKeyChanges(draft, reload, reloadOther);
  const { permissions } = usePermissions<RoleFlags | null>();
  const lacksRemove = useLacks('removeLanguageKey');
  const [filter, setFilter] = useState('');
  const [show, setShow] = useState<Show>('all');
  const [added, setAdded] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refused save, the first empty input takes the focus (rendered by then, the filters cleared).
  useEffect(() => {
    if (focusInvalid > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  // From the saved texts, so a row does not vanish from 'Empty or missing' while its text is typed.
  const todo = useMemo(() => todoKeys(draft.base.texts, otherTexts), [draft.base.texts, otherTexts]);
  const visible = (k: string): boolean =>
    matchesFilter(k, filter) && (show === 'all' || todo.has(k) || !has(draft.base.texts, k));

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const empty = await draft.save();
    if (empty.length === 0) return;
    if (empty.some((k) => !visible(k))) {
      setFilter('');
      setShow('all');
    }
    setFocusInvalid((n) => n + 1);
  };
  const addFromOther = (key: string): void => {
    setFilter('');
    setAdded(key);
    draft.addKey(key);
  };
  const addNew = async (key: string, value: string): Promise<string | null> => {
    const refused = await keys.add(key, value);
    if (refused === null) setFilter('');
    return refused;
  };
  // The other language may have changed too (a key added from it), and its texts are shown beside these.
  const reloadBoth = (): void => {
    void draft.restart();
    reloadOther();
  };
  const focusKey = (key: string): void => {
    const inputs = form.current?.querySelectorAll<HTMLElement>('[data-key]') ?? [];
    [...inputs].find((el) => el.getAttribute('data-key') === key)?.focus();
  };

  const shown = draft.keys.filter(visible);
  const onlyThere = otherTexts
    ? Object.keys(otherTexts)
        .filter((k) => !has(draft.values, k))
        .sort((a, b) => a.localeCompare(b))
    : [];
  // Not offered where the back end cannot remove a key (Firebase): the dialog would only end in a refusal.
  const mayRemove = canDo(permissions, 'removeLanguageKey') && !lacksRemove;

  return (
    <>
      <Box component="form" ref={form} onSubmit={(e) => void submit(e)} noValidate>
        <KeyToolbar
          filter={filter}
          onFilter={setFilter}
          show={show}
          onShow={setShow}
          todo={todo.size}
          onAddKey={() => setAdding(true)}
        />
        <Stack spacing={2}>
          {shown.map((key) => (
            <TextRow
              key={key}
              textKey={key}
              value={draft.values[key] ?? ''}
              invalid={draft.invalid.has(key)}
              otherLabel={t.names[otherId]}
              otherLang={otherId === 'se' ? 'sv' : 'en'}
              otherValue={otherTexts === null ? null : has(otherTexts, key) ? String(otherTexts[key]) : undefined}
              autoFocus={key === added}
              onChange={draft.change}
              onRemove={mayRemove && has(draft.base.texts, key) ? setRemoving : undefined}
            />
          ))}
        </Stack>
        {shown.length === 0 && (
          <Typography role="status" color="text.secondary">
            {show === 'todo' && filter.trim() === '' ? t.noTodo : t.noMatch}
          </Typography>
        )}
        <MissingKeys keys={onlyThere} onAdd={addFromOther} />
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            py: 2,
            mt: 2,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
            zIndex: 1,
          }}
        >
          {/* Beside the button that was pressed, so it is seen even at the end of a long list. */}
          {draft.stale && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={reloadBoth}>
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
      {/* Beside the form, not in it: a dialog's submit would bubble to the form through React's tree. */}
      <AddKeyDialog
        open={adding}
        language={t.names[languageId]}
        exists={(k) => has(draft.values, k) || has(otherTexts, k)}
        onAdd={addNew}
        onClose={() => setAdding(false)}
        onAdded={focusKey}
      />
      <RemoveKeyDialog textKey={removing} onRemove={keys.remove} onClose={() => setRemoving(null)} />
    </>
  );
}
