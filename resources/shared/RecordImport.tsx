import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../base/backend';
import { useLocale, useMessages } from '../../base/locale';
import { format } from '../../domain/messages';
import { recordCsvColumns, type RecordImportResult, type RecordImportRow } from '../../domain/recordCsv';
import { recordFieldLabels } from './recordLabels';
import { importRows } from './csv';
import { ImportPage } from './ImportPage';
import type { ResourceScreens } from './recordScreens';
import { useRecordPath } from './recordHooks';

type Row = RecordImportResult['rows'][number];

/** /<name>/import: a described resource's CSV file (the columns its export writes) checked, shown, then applied. */
export function RecordImport({ screens }: { screens: ResourceScreens }) {
  const m = useMessages();
  const t = screens.texts[useLocale()];
  const dataProvider = useDataProvider<AppDataProvider>();
  const d = screens.description;
  const path = useRecordPath();
  const columns = recordCsvColumns(d);
  // A column's label: the field's, and 'Guide (Swedish)' for a translated field's other language.
  const labels = recordFieldLabels(d, t, m);
  const columnLabel = (c: string): string => labels[c] ?? c;
  return (
    <ImportPage<RecordImportRow, Row>
      title={format(m.records.importTitle, { list: t.list })}
      intro={format(m.records.importIntro, { columns: columns.join(', ') })}
      back={path(d.name, 'list')}
      // Only `id` must be there: a column left out keeps what each record has (a new one needs it, said per row).
      read={(file, cat) => importRows(file, { known: columns, required: ['id'] }, cat)}
      run={(rows, apply) => dataProvider.importRecords(d.name, { rows, apply })}
      naming={{ keyHeader: 'id', keyOf: (r) => r.id, columnLabel }}
    />
  );
}
