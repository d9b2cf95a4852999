import { useRef, useState, type FormEvent } from 'react';
import { useDataProvider, useGetList, useNotify, useRefresh } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { NewWebhook, Webhook } from '../../domain/webhooks';
import { LOCALE_TAGS } from '../../domain/locales';
import { format } from '../../domain/messages';
import { useLocale, useMessages } from '../../base/locale';
import { fieldMessagesOf } from '../../base/errors';
import { WebhookDeliveries } from './WebhookDeliveries';
import { visuallyHidden } from '../../base/visuallyHidden';
import { useLacks } from '../../base/lacks';
import { NotAvailablePage } from '../../base/NotAvailable';

/** The message of a refused call: the address's own when the server names the field, else the refusal's. */
const urlProblemOf = (err: unknown): string =>
  fieldMessagesOf(err)?.url ?? (err instanceof Error ? err.message : String(err));

/**
 * Settings → Webhooks (admins): add a receiver's address, see its signing secret once, send it a test event, remove
 * it; below, every delivery and how it went.
 */
export default function Webhooks() {
  const m = useMessages();
  const t = m.webhooks;
  // A back end with no server to send them (Firebase) says so at once, and nothing is asked of it.
  const lacking = useLacks('webhooks');
  const locale = useLocale();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: receivers, refetch } = useGetList<Webhook>(
    'webhooks',
    { pagination: { page: 1, perPage: 100 } },
    { enabled: !lacking },
  );
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<NewWebhook | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  // 'copied' once the clipboard took the secret; 'failed' when the browser refused (an http:// address that is not
  // localhost has no clipboard API): the secret is then selected for the person to copy.
  const [copyState, setCopyState] = useState<'copied' | 'failed' | null>(null);
  const secretInput = useRef<HTMLInputElement>(null);

  const copySecret = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(secret?.secret ?? '');
      setCopyState('copied');
    } catch {
      secretInput.current?.focus();
      secretInput.current?.select();
      setCopyState('failed');
    }
  };
  const closeSecret = (): void => {
    setSecret(null);
    setCopyState(null);
  };

  const add = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    try {
      const { data } = await dataProvider.create<NewWebhook>('webhooks', { data: { url: url.trim() } });
      setUrl('');
      setError(null);
      setSecret(data);
      await refetch();
    } catch (err) {
      setError(urlProblemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const sendTest = async (w: Webhook): Promise<void> => {
    try {
      await dataProvider.create('webhook-deliveries', { data: { webhookId: w.id } });
      notify(t.testSent, { type: 'info' });
      // The deliveries table reads again at once, so the queued event shows without waiting for its next read.
      refresh();
    } catch (err) {
      notify(urlProblemOf(err), { type: 'error' });
    }
  };
  const remove = async (w: Webhook): Promise<void> => {
    setRemoving(null);
    try {
      await dataProvider.delete('webhooks', { id: w.id, previousData: w });
      await refetch();
    } catch (err) {
      notify(urlProblemOf(err), { type: 'error' });
    }
  };

  if (lacking) return <NotAvailablePage title={t.title} />;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {t.intro}
      </Typography>
      <Card component="section" aria-labelledby="webhook-receivers">
        <CardContent>
          <Typography id="webhook-receivers" component="h2" variant="h6" gutterBottom>
            {t.receivers}
          </Typography>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            onSubmit={(e) => void add(e)}
            sx={{ mb: 2 }}
            noValidate
          >
            <TextField
              label={t.url}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              error={error !== null}
              helperText={error ?? ' '}
              type="url"
              required
              size="small"
              sx={{ flex: 1 }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={busy || url.trim() === ''}>
                {t.add}
              </Button>
            </Box>
          </Stack>
          {!receivers || receivers.length === 0 ? (
            <Typography color="text.secondary">{t.none}</Typography>
          ) : (
            <List disablePadding aria-labelledby="webhook-receivers">
              {receivers.map((w) => (
                <ListItem key={w.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    primary={w.url}
                    secondary={`${t.created} ${new Date(w.created).toLocaleString(LOCALE_TAGS[locale])}`}
                    sx={{ wordBreak: 'break-all' }}
                  />
                  <Button onClick={() => void sendTest(w)}>{t.sendTest}</Button>
                  <Button color="error" onClick={() => setRemoving(w)}>
                    {t.remove}
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      <WebhookDeliveries />

      <Dialog open={secret !== null} onClose={closeSecret} aria-labelledby="webhook-secret">
        <DialogTitle id="webhook-secret">{t.secretTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.secretOnce}</DialogContentText>
          <TextField
            value={secret?.secret ?? ''}
            label={secret?.url}
            fullWidth
            sx={{ mt: 2 }}
            inputRef={secretInput}
            error={copyState === 'failed'}
            helperText={copyState === 'failed' ? t.copyFailed : ' '}
            slotProps={{ htmlInput: { readOnly: true, 'aria-label': t.secretTitle } }}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => void copySecret()}>
            {copyState === 'copied' ? t.copied : t.copy}
          </Button>
          {/* A screen reader hears that the copy happened, as a sighted person sees the button's label change. */}
          <Box component="span" role="status" sx={visuallyHidden}>
            {copyState === 'copied' ? t.copied : ''}
          </Box>
          <Button onClick={closeSecret}>{t.close}</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={removing !== null} onClose={() => setRemoving(null)} aria-labelledby="webhook-remove">
        <DialogTitle id="webhook-remove">{t.remove}</DialogTitle>
        <DialogContent>
          <DialogContentText>{format(t.removeConfirm, { url: removing?.url ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t.close}</Button>
          <Button color="error" onClick={() => removing && void remove(removing)}>
            {t.remove}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
