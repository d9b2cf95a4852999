import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable, type RaRecord } from 'react-admin';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { fieldsOfRecords, listSortable, type RecordsDescription } from '../../domain/records';
import { CATALOGUE_LANGUAGES } from '../../domain/constants';
import { recordCells, recordCsvColumns } from '../../domain/recordCsv';
import { useLocale, useMessages } from '../../base/locale';
import { ResourceList, RowHeaderCol } from './ResourceList';
import { ListFrame } from './ListFrame';
import { RecordFilterBar, useRecordFilterInputs } from './RecordFilters';
import { ExportButton } from './ExportButton';
import type { CsvColumn } from './csv';
import type { BackendError } from '../../base/backend';
import type { RecordsScreens } from './recordScreens';
import { useRecordOpening, useRecordPath, useTexts } from './recordHooks';
import { useFieldCells } from './useFieldCells';

/** The export's columns (domain/recordCsv.ts: id, the exported fields, other languages); each record's cells once. */
function recordExportColumns(d: RecordsDescription): CsvColumn<RaRecord>[] {
  const cells = new WeakMap<RaRecord, Record<string, string>>();
  const cellsOf = (r: RaRecord): Record<string, string> => {
    const known = cells.get(r);
    if (known) return known;
    const made = recordCells(d, r);
    cells.set(r, made);
    return made;
  };
  return recordCsvColumns(d).map((header) => ({ header, value: (r: RaRecord) => cellsOf(r)[header] ?? '' }));
}

/** The list's filters as react-admin writes them in the address (a JSON object), or none. */
function filterOf(written: string | null): Record<string, unknown> {
  try {
    const read: unknown = written ? JSON.parse(written) : {};
    return read && typeof read === 'object' && !Array.isArray(read) ? (read as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** /<name>: a described resource's records, its partial-name search, Export, and Import for those who edit. */
export function RecordList({ screens }: { screens: RecordsScreens }) {
  const m = useMessages();
  const t = useTexts(screens);
  const locale = useLocale();
  const records = screens.description;
  const value = useFieldCells(
    records,
    t,
    fieldsOfRecords(records).map(([k]) => k),
  );
  // The search and the filters, as react-admin keeps them in the address (?filter={…}); the export reads the same.
  const [params] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const filters = useRecordFilterInputs(records, t, m.records.yes, m.records.no);
  // A translated field sorts in the UI's language (its catalogue language: sv is 'se').
  const lang = CATALOGUE_LANGUAGES.find((l) => l.tag === locale)?.id ?? 'en';
  const sorting = {
    sort: { field: records.sort.field, order: records.sort.order === 'asc' ? 'ASC' : 'DESC' },
    lang,
  } as const;
  const csvColumns = useMemo(() => recordExportColumns(records), [records]);
  // The import writes: offered to those who may edit. Someone who may read but not change the records opens each
  // one's Show page.
  const { mayEdit, open } = useRecordOpening(screens);
  const path = useRecordPath();
  const actions = (
    <>
      <ExportButton resource={records.name} filter={filter} columns={csvColumns} stem={records.name} />
      {mayEdit && (
        <Button component={Link} to={path(records.name, 'import')} variant="outlined" startIcon={<UploadFileIcon />}>
          {m.csv.import}
        </Button>
      )}
    </>
  );
  return (
    <ListFrame title={t.list} actions={actions}>
      <ResourceList
        resource={records.name}
        sorting={sorting}
        before={
          <RecordFilterBar
            description={records}
            texts={t}
            findLabel={m.records.find}
            exact={{ title: t.search, path: path(records.name, 'search') }}
            filters={filters}
          />
        }
        label={t.list}
        edit={{
          path: (r) => open(r.id),
          name: (r) => value(r, screens.columns[0] ?? records.search),
          ...(mayEdit ? {} : { text: m.records.show, icon: <VisibilityIcon /> }),
        }}
        phone={(r) => ({
          primary: value(r, screens.phone.primary),
          secondary: screens.phone.secondary.map((f) => value(r, f)).join(' · '),
        })}
        empty={t.empty}
        failed={(err: unknown) =>
          // A back end that cannot read the list so (Firebase: another order, a filter) says so in its own words.
          err instanceof Error && (err as Partial<BackendError>).code === 'not_available' ? err.message : t.failed
        }
      >
        {screens.columns.map((f, i) => {
          const Col = i === 0 ? RowHeaderCol : DataTable.Col;
          // A header sorts by its field where the field has an order (domain/records.ts, listSortable).
          const spec = records.fields[f];
          return (
            <Col
              key={f}
              source={f}
              disableSort={!(spec && listSortable(spec))}
              label={t.fields[f] ?? f}
              render={(r: RaRecord) => value(r, f)}
            />
          );
        })}
      </ResourceList>
    </ListFrame>
  );
}
