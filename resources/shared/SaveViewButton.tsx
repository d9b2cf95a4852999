import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, usePermissions } from 'react-admin';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
} from '@mui/material';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import BookmarkRemoveIcon from '@mui/icons-material/BookmarkRemove';
import { failureReason } from '../../base/errors';
import { VIEW_NAME_MAX } from '../../domain/views';
import type { ResourceDescription } from '../../domain/resourceDescription';
import type { AppDataProvider, Permissions } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { sameParams, useSavedViews } from './savedViews';

/**
 * 'Save view' beside a list's title (a description with `views: true`): names the list's current search, filters and
 * order (`params`, as its API takes them), for oneself or for all staff; and 'Remove view' when the list shows one of
 * the person's views (an admin may remove a shared one too).
 */
export function SaveViewButton({
  description,
  params,
}: {
  description: ResourceDescription;
  params: Readonly<Record<string, string>>;
}) {
  const t = useMessages().views;
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const { views, refresh } = useSavedViews(description);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const shown = (views ?? []).find((v) => sameParams(v.params, params) && (v.mine || permissions?.isAdmin));

  const start = (): void => {
    // A back end that keeps no views (Firebase) says so rather than offering a form that cannot save.
    if (views === null) return void notify(t.unavailable, { type: 'info' });
    setError('');
    setOpen(true);
  };
  const save = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    try {
      await dataProvider.saveView({ resource: description.name, name, params: { ...params }, shared });
      await refresh();
      setOpen(false);
      setName('');
      setShared(false);
      notify(t.saved, { type: 'success' });
    } catch (err) {
      // The dialog stays open with what was typed, the reason beside the name.
      setError(failureReason(err) ?? t.failed);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (): Promise<void> => {
    if (!shown) return;
    try {
      await dataProvider.removeView(shown.id);
      notify(t.removed, { type: 'success' });
    } catch (err) {
      notify(failureReason(err) ?? t.failed, { type: 'error' });
    }
    await refresh();
  };

  return (
    <>
      {shown ? (
        <Button variant="outlined" startIcon={<BookmarkRemoveIcon />} onClick={() => void remove()}>
          {t.remove}
        </Button>
      ) : (
        <Button variant="outlined" startIcon={<BookmarkAddIcon />} onClick={start}>
          {t.save}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="save-view-title" maxWidth="xs" fullWidth>
        <form onSubmit={(e) => void save(e)} noValidate>
          <DialogTitle id="save-view-title">{t.dialogTitle}</DialogTitle>
          <DialogContent>
            <TextField
              label={t.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoFocus
              fullWidth
              margin="dense"
              error={error !== ''}
              helperText={error || ' '}
              slotProps={{ htmlInput: { maxLength: VIEW_NAME_MAX } }}
            />
            <FormControlLabel
              control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />}
              label={t.share}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)}>{t.cancel}</Button>
            <Button type="submit" variant="contained" disabled={busy || name.trim() === ''} aria-busy={busy}>
              {t.save}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
