import { useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { DataTable, useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  type SxProps,
  type Theme,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { CATALOGUE_LANGUAGES, CATEGORIES } from '../../domain/constants';
import { format } from '../../domain/messages';
import { PRODUCT_COLUMNS, productDescription, TRANSLATED_LANGUAGES, translatedText } from '../../domain/productFields';
import { useFieldCells } from '../shared/useFieldCells';
import { useProductTexts } from './productTexts';
import { useMessages } from '../../base/locale';
import type { Product } from '../../domain/products';
import type { AppDataProvider, BackendError } from '../../base/backend';
import { PLACEHOLDER_IMAGE } from '../shared/images/images';
import { ListThumbnail } from '../shared/images/ListThumbnail';
import { editPath } from './ProductFrame';
import { ResourceList } from '../shared/ResourceList';
import { ListFrame } from '../shared/ListFrame';
import { visuallyHidden } from '../../base/visuallyHidden';
import { ExportButton } from '../shared/ExportButton';
import { productCsvColumns } from './csv';
import { MissingMarks, MissingNote, missingIn } from './MissingMarks';
import { SaveViewButton } from '../shared/SaveViewButton';
import { VIEW_KEYS, ViewParams, viewSearch } from '../../domain/views';
import { isScheduled, ScheduleMark } from './schedule';
import { useScheduleSettings } from '../../base/scheduleSettings';
import type { BulkRequest } from '../../domain/productBulk';
import { BulkCheckbox, LoadedBulkBar } from '../shared/BulkBar';
import { RecordBulkSet } from '../shared/RecordBulk';
import { useBulkEdit } from '../shared/useBulkEdit';
import { FindBox } from '../shared/FindBox';
import { useLacks } from '../../base/lacks';

/** The list's search and filters from its address; anything unknown there is left out. */
function viewParamsOf(params: URLSearchParams): ViewParams {
  const read = ViewParams.safeParse(
    Object.fromEntries(VIEW_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : []))),
  );
  return read.success ? read.data : {};
}

/** The spec's columns, which a row on a phone shows its own way (name; SKU · price · status). */
const SPEC_COLUMNS = ['sku', 'name', 'category', 'price', 'active'];

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
  // The addresses the controls wrote that have not come back yet: when React renders one of those navigations (under
  // load, after more typing or another choice, even after a later one was written), it is their own echo and changes
  // nothing they show. Taking only the last one for the echo once put back an earlier search over what had been typed.
  const written = useRef<string[]>([]);
  // The address changed from outside (a saved view's link, Back): its filters and words show.
  useEffect(() => {
    const echo = written.current.lastIndexOf(search);
    if (echo >= 0) {
      written.current = written.current.slice(echo + 1);
      return;
    }
    written.current = [];
    const next = viewParamsOf(new URLSearchParams(search));
    setCurrent(next);
    setTyped((t) => (t.trim() === (next.q ?? '') ? t : (next.q ?? '')));
  }, [search]);
  const setFilter = (key: keyof ViewParams, value: string): void => {
    const next: ViewParams = { ...current, [key]: value || undefined };
    if (!value) delete next[key];
    setCurrent(next);
    const address = viewSearch(next);
    // The same address again is no navigation React renders: nothing to wait for.
    if (address !== search) written.current.push(address);
    setParams(address, { replace: true });
  };
  // Applied with the filters of the moment the timer ends: a status or category chosen meanwhile stays.
  const applyTyped = useEffectEvent((words: string) => {
    if (words.trim() !== (current.q ?? '')) setFilter('q', words.trim());
  });
  useEffect(() => {
    const timer = setTimeout(() => applyTyped(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { q = '', category = '', status = '', missing = '', scheduled = '' } = current;
  const filter = {
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(status ? { active: status === 'active' } : {}),
    ...(missing ? { missing } : {}),
    ...(scheduled ? { scheduled } : {}),
  };
  // The 'Scheduled' filter only where the back end schedules (not Firebase).
  const canSchedule = useScheduleSettings()?.available === true;
  // No Import where the back end cannot import products (Firebase): the page would refuse the file.
  const lacksImport = useLacks('productImport');
  // A back end that cannot do a part of the list (Firebase has no partial-name search) says so in its own words.
  const texts = useProductTexts();
  const fieldCell = useFieldCells(productDescription, texts, PRODUCT_COLUMNS);
  const cell = (p: Product, f: string): string => fieldCell(p as unknown as RaRecord, f);
  const failed = (err: unknown): string =>
    err instanceof Error && (err as Partial<BackendError>).code === 'not_available' ? err.message : t.fetchFailed;
  // Bulk change: checkboxes, 'Select all N matching', and the change running in its dialog.
  const dataProvider = useDataProvider<AppDataProvider>();
  const calls = useMemo(
    () => ({
      ids: dataProvider.productIds,
      change: (req: object) => dataProvider.bulkProducts(req as BulkRequest),
      undo: (batch: string) => dataProvider.undoBulk(batch),
    }),
    [dataProvider],
  );
  const bulk = useBulkEdit(filter, calls, m.bulk, (err) => notify(failed(err), { type: 'error' }));
  const { selection } = bulk;
  // What the bar sets: the engine's (every field the description lets be set in bulk), in the specification's words
  // for its status, category and material care.
  const bulkWords = {
    apply: m.bulk.apply,
    set: { active: m.bulk.setStatus, category: m.bulk.setCategory, mc: m.bulk.setMc },
    yesNo: { active: [t.active, t.disabled] as const },
  };
  // The file holds what the list shows under its filters, every page of it, in the columns the import reads.
  const actions = (
    <>
      <ExportButton resource="products" filter={filter} columns={productCsvColumns} stem="products" />
      <SaveViewButton
        description={productDescription}
        params={Object.fromEntries(new URLSearchParams(viewSearch(current)))}
      />
      {!lacksImport && (
        <Button component={Link} to="/products/import" variant="outlined" startIcon={<UploadFileIcon />}>
          {m.csv.import}
        </Button>
      )}
    </>
  );
  // The columns PRODUCT_COLUMNS names, each by its kind's cell (useFieldCells), but the spec's own: the SKU in
  // monospace, the name with its other languages, Active as true or false with the schedule's clock.
  const ownColumns: Readonly<Partial<Record<string, { render?: (p: Product) => ReactNode; sx?: SxProps<Theme> }>>> = {
    sku: { render: (p) => p.sku, sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' } },
    // The English name, then the name in each other language written (so a search by a Swedish word shows why a
    // product matched), marked by its language for screen readers.
    name: {
      render: (p) => (
        <>
          {p.name}
          <MissingMarks product={p} />
          {TRANSLATED_LANGUAGES.map((lang) => {
            const name = translatedText(p.translations, lang, 'name');
            return name === '' ? null : (
              <Box
                key={lang}
                component="span"
                lang={CATALOGUE_LANGUAGES.find((l) => l.id === lang)?.tag}
                sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}
              >
                {name}
              </Box>
            );
          })}
        </>
      ),
    },
    price: { sx: { whiteSpace: 'nowrap' } },
    // A clock beside the status when a change of it is scheduled.
    active: {
      render: (p) => (
        <>
          {p.active ? t.activeTrue : t.activeFalse}
          <ScheduleMark product={p} />
        </>
      ),
    },
  };
  // On a phone: the spec's fields as below, then any other column's.
  const phoneExtra = PRODUCT_COLUMNS.filter((f) => !SPEC_COLUMNS.includes(f));
  return (
    <ListFrame title={t.title} actions={actions}>
      {/* The filters wrap onto a second line where the page is too narrow for them all (never a sideways scroll). */}
      <Stack
        role="search"
        aria-label={t.find}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, flexWrap: { sm: 'wrap' }, alignItems: { sm: 'center' } }}
      >
        <FindBox
          label={t.find}
          value={typed}
          onChange={setTyped}
          exact={{ title: t.searchTitle, path: '/products/search' }}
        />
        <TextField
          select
          label={t.category}
          value={category}
          onChange={(e) => setFilter('category', e.target.value)}
          size="small"
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 180 } }}
        >
          <MenuItem value="">{t.all}</MenuItem>
          {CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t.status}
          value={status}
          onChange={(e) => setFilter('status', e.target.value)}
          size="small"
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 180 } }}
        >
          <MenuItem value="">{t.all}</MenuItem>
          <MenuItem value="active">{t.active}</MenuItem>
          <MenuItem value="disabled">{t.disabled}</MenuItem>
        </TextField>
        {TRANSLATED_LANGUAGES.map((lang) => (
          <FormControlLabel
            key={lang}
            sx={{ whiteSpace: 'nowrap' }}
            control={
              <Checkbox
                size="small"
                checked={missing === lang}
                onChange={(e) => setFilter('missing', e.target.checked ? lang : '')}
              />
            }
            label={format(t.missing, { language: t.languageNames[lang] })}
          />
        ))}
        {canSchedule && (
          <FormControlLabel
            sx={{ whiteSpace: 'nowrap' }}
            control={
              <Checkbox
                size="small"
                checked={scheduled === 'true'}
                onChange={(e) => setFilter('scheduled', e.target.checked ? 'true' : '')}
              />
            }
            label={m.schedule.filter}
          />
        )}
      </Stack>
      {bulk.dialog}
      {/* After the checkbox and the thumbnail, the columns PRODUCT_COLUMNS names: SKU, Name, Category, Price,
          Active (as true or false). */}
      <ResourceList<Product>
        resource="products"
        filter={filter}
        label={t.title}
        before={
          <LoadedBulkBar selection={selection}>
            <RecordBulkSet
              description={productDescription}
              texts={texts}
              n={selection.selected.size}
              onApply={bulk.start}
              words={bulkWords}
            />
          </LoadedBulkBar>
        }
        edit={{ path: (p) => editPath(p.id), name: (p) => p.sku }}
        phone={(p) => ({
          primary: p.name,
          secondary:
            `${p.sku} · ${p.price} ` +
            `· ${p.active ? t.active : t.disabled}${isScheduled(p) ? ` · ${m.schedule.mark}` : ''}` +
            phoneExtra.map((f) => ` · ${cell(p, f)}`).join(''),
          image: p.thumbnails[0] ?? PLACEHOLDER_IMAGE,
          ...(missingIn(p).length > 0 ? { note: <MissingNote product={p} /> } : {}),
        })}
        empty={t.empty}
        failed={failed}
      >
        <DataTable.Col
          label={<Box sx={visuallyHidden}>{m.bulk.selectColumn}</Box>}
          sx={{ width: 48, py: 0 }}
          render={(p: Product) => <BulkCheckbox selection={selection} row={p} name={p.sku} />}
        />
        <DataTable.Col
          label={<Box sx={visuallyHidden}>{m.images.thumbnail}</Box>}
          sx={{ width: 56, py: 0.5 }}
          render={(p: Product) => <ListThumbnail src={p.thumbnails[0]} />}
        />
        {PRODUCT_COLUMNS.map((f) => {
          const own = ownColumns[f];
          return (
            <DataTable.Col
              key={f}
              label={texts.fields[f] ?? f}
              render={(p: Product) => (own?.render ? own.render(p) : cell(p, f))}
              {...(own?.sx ? { sx: own.sx } : {})}
            />
          );
        })}
      </ResourceList>
    </ListFrame>
  );
}
