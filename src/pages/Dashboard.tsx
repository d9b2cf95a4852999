import { Card, CardContent, Typography } from '@mui/material';
import { messages } from '../../domain/messages';
import { NewestUsers } from './NewestUsers';

/** '/': the welcome banner, and for admins the newest users. */
export default function Dashboard() {
  return (
    <>
      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography component="h1" variant="h4" gutterBottom>
            {messages.dashboard.welcome}
          </Typography>
          <Typography color="text.secondary">{messages.dashboard.hint}</Typography>
        </CardContent>
      </Card>
      <NewestUsers />
    </>
  );
}
