import { Form, SaveButton, TextInput, required, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Card, CardContent, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_LIMIT } from '../../domain/constants';
import { messages, noResultFor } from '../../domain/messages';
import type { Product } from '../../domain/products';
import { editPath } from './ProductFrame';

const t = messages.products;

/** /products/search: finds the product with exactly this SKU and opens its edit page; a miss says 'No result for …'. */
export default function ProductSearch() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();

  const search = async (values: Record<string, unknown>): Promise<void> => {
    const sku = typeof values.sku === 'string' ? values.sku.trim() : '';
    try {
      const { data } = await dataProvider.getList<Product>('products', {
        pagination: { page: 1, perPage: SEARCH_LIMIT },
        sort: { field: 'sku', order: 'DESC' },
        filter: { sku },
      });
      const hit = data[0];
      if (hit) navigate(editPath(hit.id));
      else notify(noResultFor(sku), { type: 'info' });
    } catch {
      notify(t.fetchFailed, { type: 'error' });
    }
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 560 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t.searchTitle}
      </Typography>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Form defaultValues={{ sku: '' }} onSubmit={search}>
            <TextInput source="sku" label={t.searchField} validate={required()} autoComplete="off" type="search" />
            <SaveButton label={messages.common.search} icon={<SearchIcon />} alwaysEnable />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
