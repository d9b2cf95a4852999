import { Box, Typography } from '@mui/material';
import { useMessages } from './locale';

/** A page the back end lacks wholly (Firebase's Activity, Webhooks): its title, then 'Not available…' in its place. */
export function NotAvailablePage({ title }: { title: string }) {
  const m = useMessages();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{m.firebase.notAvailable}</Typography>
    </Box>
  );
}
