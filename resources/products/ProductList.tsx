import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { CATALOGUE_LANGUAGES, CATEGORIES } from '../../domain/constants';
import { format } from '../../domain/messages';
import { TRANSLATED_LANGUAGES, translatedText, type TranslatedLanguage } from '../../domain/productFields';
import { useMessages } from '../../src/locale';
import type { Product } from '../../domain/products';
import type { BackendError } from '../../providers/types';
import { PLACEHOLDER_IMAGE } from './images';
import { editPath } from './ProductFrame';
import { useCursorPages } from '../useCursorPages';
import { PagedTable, type Column } from '../shared/PagedTable';
import { ExportButton } from '../shared/ExportButton';
import { productCsvColumns } from './csv';
import { MissingMarks, MissingNote, missingIn } from './MissingMarks';
import { SaveViewButton } from './SaveViewButton';
import { ViewParams, viewSearch } from '../../domain/views';

/** The list's search and filters from its address; anything unknown there is left out. */
function viewParamsOf(params: URLSearchParams): ViewParams {
  const read = ViewParams.safeParse(Object.fromEntries(['q', 'category', 'status', 'missing'].flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : []))));
  return read.success ? read.data : {};
}

/** /products/products: the catalogue, newest SKU first, ten at a time; 'More' appends the next page. */
export default function ProductList() {
  const m = useMessages();
  const t = m.products;
  const notify = useNotify();
  // What staff remember of a product: any part of its name or SKU (sent a moment after typing stops), its category,
  // its status, a language not written yet. The spec's exact SKU search page stays as it is. They live in the list's
  // address (?q=…&category=…&status=…&missing=se), so a saved view is a link and Back restores the filters.
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // What the controls show changes at once; the address follows (a navigation, which React may render a moment later).
  const [current, setCurrent] = useState<ViewParams>(() => viewParamsOf(params));
  const [typed, setTyped] = useState(current.q ?? '');
  // The address changed from outside (a saved view's link, Back): its filters and words show.
  useEffect(() => {
    const next = viewParamsOf(new URLSearchParams(search));
    setCurrent(next);
    setTyped((t) => (t.trim() === (next.q ?? '') ? t : (next.q ?? '')));
  }, [search]);
  const setFilter = (key: keyof ViewParams, value: string): void => {
    const next: ViewParams = { ...current, [key]: value || undefined };
    if (!value) delete next[key];
    setCurrent(next);
    setParams(viewSearch(next), { replace: true });
  };
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== (current.q ?? '')) setFilter('q', typed.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { q = '', category = '', status = '', missing = '' } = current;
  const filter = { ...(q ? { q } : {}), ...(category ? { category } : {}), ...(status ? { active: status === 'active' } : {}), ...(missing ? { missing } : {}) };
  // A back end that cannot do a part of the list (Firebase has no partial-name search) says so in its own words.
  const failed = (err: unknown): string => (err instanceof Error && (err as Partial<BackendError>).code === 'not_available' ? err.message : t.fetchFailed);
  const pages = useCursorPages<Product>('products', (err) => notify(failed(err), { type: 'error' }), filter);
  // Columns SKU, Name, Category, Price, Active (as true or false), after the thumbnail (spec §4).
  const columns: Column<Product>[] = [
    {
      label: t.thumbnail,
      hiddenLabel: true,
      sx: { width: 56, py: 0.5 },
      // Decorative: the name beside it says what it is.
      cell: (p) => (
        <Box
          component="img"
          src={p.thumbnails[0] ?? PLACEHOLDER_IMAGE}
          alt=""
          loading="lazy"
          sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5, display: 'block', bgcolor: 'grey.100' }}
        />
      ),
    },
    { label: t.sku, cell: (p) => p.sku, sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' } },
    {
      label: t.name,
      // The English name, then the name in each other language written (so a search by a Swedish word shows why a
      // product matched), marked by its language for screen readers.
      cell: (p) => (
        <>
          {p.name}
          <MissingMarks product={p} />
          {TRANSLATED_LANGUAGES.map((lang) => {
            const name = translatedText(p.translations, lang, 'name');
            return name === '' ? null : (
              <Box key={lang} component="span" lang={CATALOGUE_LANGUAGES.find((l) => l.id === lang)?.tag} sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                {name}
              </Box>
            );
          })}
        </>
      ),
    },
    { label: t.category, cell: (p) => p.category },
    { label: t.price, cell: (p) => p.price, sx: { whiteSpace: 'nowrap' } },
    { label: t.active, cell: (p) => (p.active ? t.activeTrue : t.activeFalse) },
  ];
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4">
          {t.title}
        </Typography>
        <Stack direction="row" spacing={1}>
          {/* The file holds what the list shows under its filters, every page of it, in the columns the import reads. */}
          <ExportButton resource="products" filter={filter} columns={productCsvColumns} stem="products" />
          <SaveViewButton params={current} />
          <Button component={Link} to="/products/import" variant="outlined" startIcon={<UploadFileIcon />}>
            {m.csv.import}
          </Button>
        </Stack>
      </Stack>
      <Stack role="search" aria-label={t.find} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField type="search" label={t.find} value={typed} onChange={(e) => setTyped(e.target.value)} size="small" fullWidth={false} sx={{ width: { xs: '100%', sm: 360 } }} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField select label={t.category} value={category} onChange={(e) => setFilter('category', e.target.value)} size="small" fullWidth={false} sx={{ width: { xs: '100%', sm: 180 } }}>
          <MenuItem value="">{t.all}</MenuItem>
          {CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t.status} value={status} onChange={(e) => setFilter('status', e.target.value)} size="small" fullWidth={false} sx={{ width: { xs: '100%', sm: 180 } }}>
          <MenuItem value="">{t.all}</MenuItem>
          <MenuItem value="active">{t.active}</MenuItem>
          <MenuItem value="disabled">{t.disabled}</MenuItem>
        </TextField>
        {TRANSLATED_LANGUAGES.map((lang) => (
          <FormControlLabel
            key={lang}
            sx={{ whiteSpace: 'nowrap' }}
            control={<Checkbox size="small" checked={missing === lang} onChange={(e) => setFilter('missing', e.target.checked ? lang : '')} />}
            label={format(t.missing, { language: t.languageNames[lang] })}
          />
        ))}
      </Stack>
      <PagedTable
        pages={pages}
        label={t.title}
        columns={columns}
        edit={{ path: (p) => editPath(p.id), name: (p) => p.sku }}
        phone={(p) => ({
          primary: p.name,
          secondary: `${p.sku} · ${p.price} · ${p.active ? t.active : t.disabled}`,
          image: p.thumbnails[0] ?? PLACEHOLDER_IMAGE,
          ...(missingIn(p).length > 0 ? { note: <MissingNote product={p} /> } : {}),
        })}
        empty={t.empty}
        failed={t.fetchFailed}
      />
    </Box>
  );
}
