import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable, type RaRecord } from 'react-admin';
import { Box, Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  fieldsOfResource,
  listSortable,
  type OptionLabels,
  type ResourceDescription,
} from '../../domain/resourceDescription';
import { CATALOGUE_LANGUAGES } from '../../domain/constants';
import { recordCells, recordCsvColumns } from '../../domain/recordCsv';
import { useLocale, useMessages } from '../../base/locale';
import { useLacks } from '../../base/lacks';
import { ResourceList, RowHeaderCol } from './ResourceList';
import { ListFrame } from './ListFrame';
import { RecordFilterBar, useRecordFilterInputs } from './RecordFilters';
import { ExportButton } from './ExportButton';
import type { CsvColumn } from './csv';
import type { BackendError } from '../../base/backend';
import type { ResourceScreens } from './recordScreens';
import { useRecordOpening, useRecordPath, useTexts } from './recordHooks';
import { useFieldCells } from './useFieldCells';
import { filterOf, recordViewParams } from './savedViews';
import { SaveViewButton } from './SaveViewButton';
import { MissingTextMarks, MissingTextNote } from './MissingTextMarks';
import { AddressFields } from './AddressFields';
import { ScheduledMark, ScheduledNote } from './ScheduledChanges';
import { BulkCheckbox, LoadedBulkBar } from './BulkBar';
import { RecordBulkSet, useRecordBulk } from './RecordBulk';
import { visuallyHidden } from '../../base/visuallyHidden';
import { PLACEHOLDER_IMAGE } from './images/images';
import { firstThumbnail, ListThumbnail } from './images/ListThumbnail';

/** The export's columns (domain/recordCsv.ts: id, the exported fields, other languages); each record's cells once. */
function recordExportColumns(d: ResourceDescription, options?: OptionLabels): CsvColumn<RaRecord>[] {
  const cells = new WeakMap<RaRecord, Record<string, string>>();
  const cellsOf = (r: RaRecord): Record<string, string> => {
    const known = cells.get(r);
    if (known) return known;
    const made = recordCells(d, r, options);
    cells.set(r, made);
    return made;
  };
  return recordCsvColumns(d).map((header) => ({ header, value: (r: RaRecord) => cellsOf(r)[header] ?? '' }));
}

/** /<name>: a described resource's description, its partial-name search, Export, and Import for those who edit. */
export function RecordList({ screens }: { screens: ResourceScreens }) {
  return (
    <AddressFields description={screens.description}>
      <DescribedList screens={screens} />
    </AddressFields>
  );
}

/** The list itself, once its address names only what the description has. */
function DescribedList({ screens }: { screens: ResourceScreens }) {
  const m = useMessages();
  const t = useTexts(screens);
  const locale = useLocale();
  const description = screens.description;
  const value = useFieldCells(
    description,
    t,
    fieldsOfResource(description).map(([k]) => k),
  );
  // The search and the filters, as react-admin keeps them in the address (?filter={…}); the export reads the same.
  const [params] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const filters = useRecordFilterInputs(description, t, m.records.yes, m.records.no);
  // A back end that reads a filtered list in no order of a column (Firebase: by id) offers no header order then.
  const unordered =
    useLacks('filteredOrder') &&
    Object.values(filter).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));
  // A translated field sorts in the UI's language (its catalogue language: sv is 'se').
  const lang = CATALOGUE_LANGUAGES.find((l) => l.tag === locale)?.id ?? 'en';
  const sorting = {
    sort: { field: description.sort.field, order: description.sort.order === 'asc' ? 'ASC' : 'DESC' },
    lang,
  } as const;
  const csvColumns = useMemo(() => recordExportColumns(description, t.options), [description, t.options]);
  // The import writes: offered to those who may edit. Someone who may read but not change the description opens each
  // one's Show page.
  const { mayEdit, open } = useRecordOpening(screens);
  const path = useRecordPath();
  const failed = (err: unknown): string =>
    // A back end that cannot read the list so (Firebase: another order, a filter) says so in its own words.
    err instanceof Error && (err as Partial<BackendError>).code === 'not_available' ? err.message : t.failed;
  // Bulk edit (`bulk: true`), for those who may edit: the list's search, filters and order select 'all N matching'.
  const bulkOn = description.bulk === true && mayEdit;
  const bulk = useRecordBulk(
    description,
    {
      ...filter,
      sort: params.get('sort') ?? description.sort.field,
      order: (params.get('order') ?? description.sort.order).toLowerCase(),
      lang,
    },
    failed,
  );
  const name = (r: RaRecord): string => value(r, screens.columns[0] ?? description.search);
  const actions = (
    <>
      <ExportButton resource={description.name} filter={filter} columns={csvColumns} stem={description.name} />
      {description.views && <SaveViewButton description={description} params={recordViewParams(params)} />}
      {mayEdit && (
        <Button
          component={Link}
          to={path(description.name, 'import')}
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
      {bulkOn && bulk.dialog}
      <ResourceList
        resource={description.name}
        sorting={sorting}
        before={
          <>
            <RecordFilterBar
              description={description}
              texts={t}
              findLabel={m.records.find}
              exact={{ title: t.search, path: path(description.name, 'search') }}
              filters={filters}
            />
            {bulkOn && (
              <LoadedBulkBar selection={bulk.selection}>
                <RecordBulkSet
                  description={description}
                  texts={t}
                  n={bulk.selection.selected.size}
                  onApply={bulk.start}
                />
              </LoadedBulkBar>
            )}
          </>
        }
        label={t.list}
        edit={{
          path: (r) => open(r.id),
          name,
          ...(mayEdit ? {} : { text: m.records.show, icon: <VisibilityIcon /> }),
        }}
        phone={(r) => ({
          ...(description.listImage ? { image: firstThumbnail(r, description.listImage) ?? PLACEHOLDER_IMAGE } : {}),
          primary: value(r, screens.phone.primary),
          secondary: screens.phone.secondary.map((f) => value(r, f)).join(' · '),
          ...(description.missing || description.schedule
            ? {
                note: (
                  <>
                    {description.missing && <MissingTextNote description={description} texts={t} record={r} />}
                    {description.schedule && <ScheduledNote description={description} texts={t} record={r} />}
                  </>
                ),
              }
            : {}),
        })}
        empty={t.empty}
        failed={failed}
      >
        {bulkOn && (
          <DataTable.Col
            label={<Box sx={visuallyHidden}>{m.bulk.selectColumn}</Box>}
            sx={{ width: 48, py: 0 }}
            render={(r: RaRecord) => (
              <BulkCheckbox
                selection={bulk.selection}
                row={r as RaRecord & { id: string; version: number }}
                name={name(r)}
              />
            )}
          />
        )}
        {description.listImage && (
          <DataTable.Col
            label={<Box sx={visuallyHidden}>{m.images.thumbnail}</Box>}
            sx={{ width: 56, py: 0.5 }}
            render={(r: RaRecord) => <ListThumbnail src={firstThumbnail(r, description.listImage!)} />}
          />
        )}
        {screens.columns.map((f, i) => {
          const Col = i === 0 ? RowHeaderCol : DataTable.Col;
          // A header sorts by its field where the field has an order (domain/resourceDescription.ts, listSortable).
          const spec = description.fields[f];
          return (
            <Col
              key={f}
              source={f}
              disableSort={unordered || !(spec && listSortable(spec))}
              label={t.fields[f] ?? f}
              render={(r: RaRecord) =>
                // The name's column carries the marks of texts missing in a language (`missing: true`) and of a
                // pending scheduled change (`schedule`).
                i === 0 && (description.missing || description.schedule) ? (
                  <>
                    {value(r, f)}
                    {description.missing && <MissingTextMarks description={description} texts={t} record={r} />}
                    {description.schedule && <ScheduledMark description={description} texts={t} record={r} />}
                  </>
                ) : (
                  value(r, f)
                )
              }
            />
          );
        })}
      </ResourceList>
    </ListFrame>
  );
}
