import { Card, CardContent, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import { DashboardFigures } from './DashboardFigures';

/** '/': the welcome banner, then the figures of the reader's role (and for admins the newest users). */
export default function Dashboard() {
  const m = useMessages();
  return (
    <>
      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography component="h1" variant="h4" gutterBottom>
            {m.dashboard.welcome}
          </Typography>
          <Typography color="text.secondary">{m.dashboard.hint}</Typography>
        </CardContent>
      </Card>
      <DashboardFigures />
    </>
  );
}
