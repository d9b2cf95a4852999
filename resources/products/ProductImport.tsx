import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import type { ImportRowIn, ImportRowResult } from '../../domain/productImport';
import { ImportPage } from '../shared/ImportPage';
import { columnLabel, importProductRows } from './csv';
import { LIST_PATH } from './ProductFrame';

/** /products/import: a CSV file of products checked row by row, shown, then applied at once (or not at all). */
export default function ProductImport() {
  const m = useMessages();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <ImportPage<ImportRowIn, ImportRowResult>
      title={m.csv.importTitle}
      intro={m.csv.importIntro}
      back={LIST_PATH}
      read={importProductRows}
      run={(rows, apply) => dataProvider.importProducts({ rows, apply })}
      naming={{ keyHeader: m.products.sku, keyOf: (r) => r.sku, columnLabel: (c) => columnLabel(c, m) }}
    />
  );
}
