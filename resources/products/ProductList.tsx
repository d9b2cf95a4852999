import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useNotify } from 'react-admin';
import {
  Box,
  Button,
  Card,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useMessages } from '../../src/locale';
import type { Product } from '../../domain/products';
import { PLACEHOLDER_IMAGE } from './images';
import { editPath } from './ProductFrame';
import { useCursorPages } from '../useCursorPages';
import { visuallyHidden } from './visuallyHidden';
import { Busy } from '../shared/Busy';
import { SimpleRows, useSmallScreen } from '../shared/SimpleRows';

/** One product's row: thumbnail, SKU, name, category, price, active as true or false, and EDIT. */
function ProductRow({ product }: { product: Product }) {
  const m = useMessages();
  return (
    <TableRow hover>
      <TableCell sx={{ width: 56, py: 0.5 }}>
        {/* Decorative: the name beside it says what it is. */}
        <Box
          component="img"
          src={product.thumbnails[0] ?? PLACEHOLDER_IMAGE}
          alt=""
          loading="lazy"
          sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5, display: 'block', bgcolor: 'grey.100' }}
        />
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{product.sku}</TableCell>
      <TableCell>{product.name}</TableCell>
      <TableCell>{product.category}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{product.price}</TableCell>
      <TableCell>{product.active ? m.products.activeTrue : m.products.activeFalse}</TableCell>
      <TableCell align="right">
        <Button component={Link} to={editPath(product.id)} size="small" startIcon={<EditIcon />} aria-label={`${m.common.edit} ${product.sku}`}>
          {m.common.edit}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** /products/products: the catalogue, newest SKU first, ten at a time; 'More' appends the next page. */
export default function ProductList() {
  const m = useMessages();
  const t = m.products;
  const notify = useNotify();
  const small = useSmallScreen();
  const { rows, status, hasMore, loadMore } = useCursorPages<Product>('products', () => notify(t.fetchFailed, { type: 'error' }));
  const body = useRef<HTMLTableSectionElement>(null);
  const firstNew = useRef<number | null>(null);

  // When 'More' brought the last page it disappears; focus moves to the first row it added rather than being lost.
  useEffect(() => {
    if (firstNew.current === null || status !== 'ready') return;
    if (!hasMore) body.current?.rows[firstNew.current]?.querySelector<HTMLElement>('a')?.focus();
    firstNew.current = null;
  }, [rows, status, hasMore]);

  const more = (): void => {
    firstNew.current = rows.length;
    void loadMore();
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t.title}
      </Typography>
      <Card>
        {status === 'pending' ? (
          <Busy minHeight={200} />
        ) : rows.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {status === 'error' ? t.fetchFailed : t.empty}
          </Typography>
        ) : small ? (
          <SimpleRows
            label={t.title}
            rows={rows.map((p) => ({
              key: p.id,
              to: editPath(p.id),
              primary: p.name,
              secondary: `${p.sku} · ${p.price} · ${p.active ? t.active : t.disabled}`,
              image: p.thumbnails[0] ?? PLACEHOLDER_IMAGE,
              linkLabel: `${m.common.edit} ${p.sku}`,
            }))}
          />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t.title}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t.thumbnail}
                    </Box>
                  </TableCell>
                  <TableCell>{t.sku}</TableCell>
                  <TableCell>{t.name}</TableCell>
                  <TableCell>{t.category}</TableCell>
                  <TableCell>{t.price}</TableCell>
                  <TableCell>{t.active}</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {m.common.edit}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody ref={body}>
                {rows.map((p) => (
                  <ProductRow key={p.id} product={p} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={more} aria-busy={status === 'more'}>
            {m.common.more}
          </Button>
        </Box>
      )}
    </Box>
  );
}
