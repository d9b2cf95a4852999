import { useGetList } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { Delivery, DeliveryStatus } from '../../domain/webhooks';
import { LOCALE_TAGS } from '../../domain/locales';
import { format } from '../../domain/messages';
import { useLocale, useMessages } from '../../base/locale';

const COLORS: Record<DeliveryStatus, 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'default',
  retrying: 'warning',
  delivered: 'success',
  failed: 'error',
};

/** How often the table re-reads the deliveries while open: a test event shows as delivered within seconds. */
const REFRESH_MS = 3000;

/** The newest deliveries of every receiver, each with its status, tries and what the receiver last answered. */
export function WebhookDeliveries() {
  const t = useMessages().webhooks;
  const locale = useLocale();
  const { data, refetch } = useGetList<Delivery>(
    'webhook-deliveries',
    { pagination: { page: 1, perPage: 50 } },
    { refetchInterval: REFRESH_MS },
  );
  const when = (iso: string): string => new Date(iso).toLocaleString(LOCALE_TAGS[locale]);
  const detail = (d: Delivery): string => {
    if (d.status === 'delivered') return `HTTP ${d.lastStatus ?? ''}`;
    const next = d.nextAt ? ` · ${format(t.nextTry, { time: when(d.nextAt) })}` : '';
    return `${d.lastError ?? ''}${next}`;
  };
  return (
    <Card component="section" aria-labelledby="webhook-deliveries" sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="webhook-deliveries" component="h2" variant="h6">
            {t.deliveries}
          </Typography>
          <Button startIcon={<RefreshIcon />} onClick={() => void refetch()}>
            {t.refresh}
          </Button>
        </Stack>
        {!data || data.length === 0 ? (
          <Typography color="text.secondary">{t.noDeliveries}</Typography>
        ) : (
          // On a phone the table scrolls inside its card; the page itself never scrolls sideways.
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="webhook-deliveries">
              <TableHead>
                <TableRow>
                  <TableCell>{t.time}</TableCell>
                  <TableCell>{t.receiver}</TableCell>
                  <TableCell>{t.event}</TableCell>
                  <TableCell>{t.status}</TableCell>
                  <TableCell>{t.attempts}</TableCell>
                  <TableCell>{t.detail}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.created)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{d.url}</TableCell>
                    <TableCell>{`${d.kind} ${d.recordId}`}</TableCell>
                    <TableCell>
                      <Chip size="small" color={COLORS[d.status]} label={t.statuses[d.status]} />
                    </TableCell>
                    <TableCell>{d.attempts}</TableCell>
                    <TableCell sx={{ minWidth: 96 }}>{detail(d)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
