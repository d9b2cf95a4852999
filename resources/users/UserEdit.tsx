import { Link, useParams } from 'react-router-dom';
import { useGetOne } from 'react-admin';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { User } from '../../domain/users';
import { useMessages } from '../../base/locale';
import { statusOf } from '../../base/errors';
import { Busy } from '../../base/Busy';
import { UserFlagsForm } from './UserFlagsForm';
import { HistoryPanel } from '../shared/history/HistoryPanel';
import { EndSessionsButton } from './EndSessionsButton';

/** /users/edit-user/:getUid: loads the user and shows their flags to edit; an unknown id says 'No users'. */
export default function UserEdit() {
  const m = useMessages();
  const t = m.users;
  const { getUid = '' } = useParams();
  // A missing user is an answer, not a hiccup: no retries before saying so.
  const { data, isPending, error } = useGetOne<User & { id: string }>('users', { id: getUid }, { retry: false });
  let body;
  if (isPending) body = <Busy minHeight={160} />;
  else if (error || !data) {
    body = (
      <CardContent>
        <Typography role="status">{statusOf(error) === 404 || !error ? t.notFound : t.fetchFailed}</Typography>
      </CardContent>
    );
  } else body = <UserFlagsForm user={data} />;

  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Button component={Link} to="/users/users" startIcon={<ArrowBackIcon />}>
          {m.common.back}
        </Button>
        <Typography component="h1" variant="h4">
          {t.editTitle}
        </Typography>
      </Box>
      <Card sx={{ maxWidth: 720 }}>
        {body}
        {data && (
          <CardContent sx={{ pt: 0 }}>
            <EndSessionsButton user={data} />
          </CardContent>
        )}
      </Card>
      {data && (
        <Card sx={{ maxWidth: 720, mt: 2 }}>
          <CardContent>
            <HistoryPanel of={{ kind: 'user', id: data.uid }} refreshKey={data.updated} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
