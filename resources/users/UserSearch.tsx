import { Form, TextInput, email, required, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_LIMIT } from '../../domain/constants';
import { messages, noResultFor } from '../../domain/messages';
import { editUserPath } from './paths';

const t = messages.users;
const emailRules = [required(), email()];

/** /users/search: finds a user by exact email and opens their edit page; a miss says 'No result for …'. */
export default function UserSearch() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();

  const search = async (values: Record<string, unknown>): Promise<void> => {
    const value = String(values.email ?? '').trim();
    try {
      const { data } = await dataProvider.getList('users', {
        pagination: { page: 1, perPage: SEARCH_LIMIT },
        filter: { email: value },
      });
      const hit = data[0];
      if (hit) navigate(editUserPath(String(hit.id)));
      else notify(noResultFor(value), { type: 'info' });
    } catch {
      notify(t.fetchFailed, { type: 'error' });
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t.searchTitle}
      </Typography>
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: 3 }}>
          <Form onSubmit={search} defaultValues={{ email: '' }}>
            <Stack role="search" aria-label={t.searchTitle}>
              <TextInput source="email" label={t.searchField} type="email" validate={emailRules} autoComplete="off" />
              <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ alignSelf: 'flex-start', mt: 1 }}>
                {messages.common.search}
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
