import { Card, CardContent, Typography } from '@mui/material';
import { messages } from '../../domain/messages';

/** Stands in for a users screen until the users issue builds it. */
export default function UsersPlaceholder({ title }: { title: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{messages.placeholder.body}</Typography>
      </CardContent>
    </Card>
  );
}
