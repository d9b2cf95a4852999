import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useMessages } from '../../src/locale';

/** The products list's path, where Back leads. */
export const LIST_PATH = '/products/products';

/** The edit page of a product. */
export const editPath = (id: string | number): string => `/products/edit-product/${encodeURIComponent(String(id))}`;

/** A product page: its title, a Back button to the products list, and a card for the content. */
export function ProductFrame({ title, children }: { title: string; children: ReactNode }) {
  const m = useMessages();
  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4">
          {title}
        </Typography>
        <Button component={Link} to={LIST_PATH} startIcon={<ArrowBackIcon />} variant="outlined" sx={{ ml: 'auto' }}>
          {m.common.back}
        </Button>
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>{children}</CardContent>
      </Card>
    </Box>
  );
}
