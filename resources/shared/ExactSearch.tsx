import { Form, TextInput, email, required, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_LIMIT } from '../../domain/constants';
import { noResultFor } from '../../domain/messages';
import { useMessages } from '../../base/locale';

interface Props {
  /** The resource searched, e.g. 'users'. */
  resource: string;
  /** The field matched exactly, and the API's search parameter, e.g. 'email'. */
  field: string;
  /** An email field checks the address's form before searching. */
  kind: 'email' | 'text';
  title: string;
  label: string;
  /** Said when the search itself fails. */
  failure: string;
  /** Where a hit opens. */
  editPath: (id: string) => string;
}

const rules = { email: [required(), email()], text: [required()] };

/** The one exact-match search page: a hit opens its edit page; a miss says 'No result for …'. */
export function ExactSearch({ resource, field, kind, title, label, failure, editPath }: Props) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const m = useMessages();

  const search = async (values: Record<string, unknown>): Promise<void> => {
    const value = String(values[field] ?? '').trim();
    try {
      const { data } = await dataProvider.getList(resource, {
        pagination: { page: 1, perPage: SEARCH_LIMIT },
        filter: { [field]: value },
      });
      const hit = data[0];
      if (hit) navigate(editPath(String(hit.id)));
      else notify(noResultFor(value, m), { type: 'info' });
    } catch {
      notify(failure, { type: 'error' });
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: 3 }}>
          <Form onSubmit={search} defaultValues={{ [field]: '' }}>
            <Stack role="search" aria-label={title}>
              <TextInput
                source={field}
                label={label}
                type={kind === 'email' ? 'email' : 'search'}
                validate={rules[kind]}
                autoComplete="off"
              />
              <Button
                type="submit"
                variant="contained"
                startIcon={<SearchIcon />}
                sx={{ alignSelf: 'flex-start', mt: 1 }}
              >
                {m.common.search}
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
