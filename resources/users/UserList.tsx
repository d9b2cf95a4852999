import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { User } from '../../domain/users';
import { useMessages } from '../../src/locale';
import { Busy } from '../shared/Busy';
import { useCursorPages } from '../useCursorPages';
import { UsersTable } from './UsersTable';
import { UserCreate } from './UserCreate';

/** /users/users: every user, oldest first, ten at a time with 'More'; admins add colleagues from here. */
export default function UserList() {
  const m = useMessages();
  const t = m.users;
  const notify = useNotify();
  const pages = useCursorPages<User & { id: string }>('users', () => notify(t.fetchFailed, { type: 'error' }));
  const [focusRow, setFocusRow] = useState<number | undefined>(undefined);
  const [invited, setInvited] = useState<string | null>(null);

  const more = async (): Promise<void> => {
    const first = pages.rows.length;
    await pages.loadMore();
    setFocusRow(first);
  };
  const added = (user: User & { id: string }): void => {
    pages.append(user);
    setInvited(user.email);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4">
          {t.title}
        </Typography>
        <UserCreate onAdded={added} />
      </Stack>
      {invited && (
        <Alert severity="success" onClose={() => setInvited(null)} sx={{ mb: 2 }}>
          {t.invited} ({invited})
        </Alert>
      )}
      <Card>
        {pages.status === 'pending' ? (
          <Busy minHeight={160} />
        ) : pages.rows.length === 0 ? (
          <CardContent>
            <Typography color="text.secondary">{t.empty}</Typography>
          </CardContent>
        ) : (
          <UsersTable rows={pages.rows} focusRow={focusRow} />
        )}
        {pages.hasMore && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <Button variant="outlined" onClick={() => void more()} disabled={pages.status === 'more'} aria-busy={pages.status === 'more'}>
              {m.common.more}
            </Button>
          </Box>
        )}
      </Card>
    </Box>
  );
}
