import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type RaRecord } from 'react-admin';
import { Box, Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { fieldsOfRecords, hasSearch, type RecordsDescription } from '../../domain/records';
import { recordCells, recordCsvColumns } from '../../domain/recordCsv';
import { useLocale, useMessages } from '../../base/locale';
import { useScheduleSettings } from '../../base/scheduleSettings';
import { ResourceList, RowHeaderCol } from './ResourceList';
import { ListFrame } from './ListFrame';
import { FindBox } from './FindBox';
import { ExportButton } from './ExportButton';
import type { CsvColumn } from './csv';
import type { RecordsScreens } from './recordScreens';
import { useCountryNames, useRecordOpening, useRecordPath, useTexts } from './recordHooks';
import { FIELD_KIND_VIEWS, type CellContext } from './fieldKindViews';
import { referenceText } from './referenceLabel';

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

/** /<name>: a described resource's records, its partial-name search, Export, and Import for those who edit. */
export function RecordList({ screens }: { screens: RecordsScreens }) {
  const m = useMessages();
  const t = useTexts(screens);
  const country = useCountryNames();
  const records = screens.description;
  const locale = useLocale();
  // The shop's time zone, asked only by a resource with a date-time field (it is the products' editors' setting).
  const zoned = fieldsOfRecords(records).some(([, f]) => FIELD_KIND_VIEWS[f.kind].zoned);
  const zone = useScheduleSettings(zoned)?.timeZone ?? '';
  const cells: CellContext = { yes: m.records.yes, no: m.records.no, texts: t, country, locale, zone };
  const value = (r: RaRecord, f: string): string => {
    const spec = records.fields[f];
    if (spec?.kind === 'reference') return referenceText(r, f);
    return spec ? FIELD_KIND_VIEWS[spec.kind].cell(r[f], spec, cells) : String(r[f] ?? '');
  };
  // The partial-name search (fields marked `search`), sent a moment after typing stops.
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter = q ? { q } : {};
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
      {hasSearch(records) && (
        <Box role="search" aria-label={m.records.find} sx={{ mb: 2 }}>
          <FindBox
            label={m.records.find}
            value={typed}
            onChange={setTyped}
            exact={{ title: t.search, path: path(records.name, 'search') }}
          />
        </Box>
      )}
      <ResourceList
        resource={records.name}
        filter={filter}
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
        failed={t.failed}
      >
        {screens.columns.map((f, i) => {
          const Col = i === 0 ? RowHeaderCol : DataTable.Col;
          return <Col key={f} label={t.fields[f] ?? f} render={(r: RaRecord) => value(r, f)} />;
        })}
      </ResourceList>
    </ListFrame>
  );
}
