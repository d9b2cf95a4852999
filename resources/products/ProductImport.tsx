import { useDataProvider } from 'react-admin';
import { Typography } from '@mui/material';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { useLacks } from '../../base/lacks';
import type { ImportRowIn, ImportRowResult } from '../../domain/productImport';
import { ImportPage } from '../shared/ImportPage';
import { PageFrame } from '../shared/PageFrame';
import { columnLabel, importIntro, importProductRows } from './csv';
import { LIST_PATH } from './ProductFrame';

/**
 * /products/import: a CSV file of products checked row by row, shown, then applied at once (or not at all). Where the
 * back end cannot import products (Firebase) the page says so before a file is chosen (the list offers no Import).
 */
export default function ProductImport() {
  const m = useMessages();
  const dataProvider = useDataProvider<AppDataProvider>();
  if (useLacks('productImport'))
    return (
      <PageFrame title={m.csv.importTitle} back={LIST_PATH}>
        <Typography color="text.secondary">{m.firebase.notAvailable}</Typography>
      </PageFrame>
    );
  return (
    <ImportPage<ImportRowIn, ImportRowResult>
      title={m.csv.importTitle}
      intro={importIntro(m)}
      back={LIST_PATH}
      read={importProductRows}
      run={(rows, apply) => dataProvider.importProducts({ rows, apply })}
      naming={{ keyHeader: m.products.sku, keyOf: (r) => r.sku, columnLabel: (c) => columnLabel(c, m) }}
    />
  );
}
