import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type RaRecord } from 'react-admin';
import { Box, Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { hasSearch, type FieldDescription, type RecordsDescription } from '../../domain/records';
import { recordCells, recordCsvColumns } from '../../domain/recordCsv';
import { useMessages } from '../../base/locale';
import { ResourceList, RowHeaderCol } from './ResourceList';
import { ListFrame } from './ListFrame';
import { FindBox } from './FindBox';
import { ExportButton } from './ExportButton';
import type { CsvColumn } from './csv';
import { recordPath, type RecordsScreens, type RecordsTexts } from './recordScreens';
import { useCountryNames, useRecordOpening, useTexts } from './recordHooks';
import { referenceText } from './referenceLabel';

/** A field's value as the list shows it. */
function shown(
  spec: FieldDescription | undefined,
  value: unknown,
  yes: string,
  no: string,
  texts: RecordsTexts,
  country: (code: string) => string,
): string {
  if (spec?.kind === 'boolean') return value ? yes : no;
  if (spec?.kind === 'country') return country(String(value ?? ''));
  if (spec?.kind === 'choice') return texts.options?.[String(value ?? '')] ?? String(value ?? '');
  if (spec?.kind === 'images') return Array.isArray(value) ? String(value.length) : '';
  return value === null || value === undefined ? '' : String(value);
}

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

/** /<name>/list: a described resource's records, its partial-name search, Export, and Import for those who edit. */
export function RecordList({ screens }: { screens: RecordsScreens }) {
  const m = useMessages();
  const t = useTexts(screens);
  const country = useCountryNames();
  const records = screens.description;
  const value = (r: RaRecord, f: string): string =>
    records.fields[f]?.kind === 'reference'
      ? referenceText(r, f)
      : shown(records.fields[f], r[f], m.records.yes, m.records.no, t, country);
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
  const actions = (
    <>
      <ExportButton resource={records.name} filter={filter} columns={csvColumns} stem={records.name} />
      {mayEdit && (
        <Button
          component={Link}
          to={recordPath(records.name, 'import')}
          variant="outlined"
          startIcon={<UploadFileIcon />}
        >
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
            exact={{ title: t.search, path: recordPath(records.name, 'search') }}
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
