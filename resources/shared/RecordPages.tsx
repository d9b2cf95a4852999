import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  AutocompleteInput,
  BooleanInput,
  DataTable,
  DeleteButton,
  EditBase,
  Form,
  ShowBase,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useCreate,
  useEditContext,
  useShowContext,
  useNotify,
  usePermissions,
  type RaRecord,
} from 'react-admin';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  mayRecords,
  COUNTRIES,
  emptyValue,
  hasSearch,
  hasTranslations,
  imagesMax,
  integerBounds,
  mayBeEmpty,
  maxLength,
  numberBounds,
  RECORD_LANGUAGES,
  type FieldDescription,
  type RecordsDescription,
} from '../../domain/records';
import { LOCALE_TAGS } from '../../domain/locales';
import { useLocale, useMessages } from '../../base/locale';
import { Busy } from '../../base/Busy';
import { ExactSearch } from './ExactSearch';
import { FindBox } from './FindBox';
import { formRecord } from './formRecord';
import { ResourceList, RowHeaderCol } from './ResourceList';
import { PageFrame } from './PageFrame';
import { messageOf, statusOf } from '../../base/errors';
import { recordPagePath, recordPaths, type RecordsScreens, type RecordsTexts } from './recordScreens';
import { recordCells, recordCsvColumns } from '../../domain/recordCsv';
import { format } from '../../domain/messages';
import type { Permissions } from '../../base/backend';
import { simpleDescriptions } from '../descriptions';
import { ExportButton } from './ExportButton';
import type { CsvColumn } from './csv';
import { HistoryPanel } from './history/HistoryPanel';
import { RecordImagesInput } from './RecordImagesInput';
import { recordFieldLabels } from './recordLabels';

export { RecordImport } from './RecordImport';

// The four pages of every simple resource (resources/shared/records.ts), from its folder: the description, the
// screens' choices and the texts; the texts every resource shares (saved, reload, yes/no) are the catalogue's
// 'records'.

interface Props {
  screens: RecordsScreens;
}

type Values = Record<string, unknown>;

const listPath = (s: RecordsScreens): string => `/${s.description.name}/${recordPaths.list}`;
const editPath = (s: RecordsScreens, id: string | number): string => recordPagePath(s.description.name, 'edit', id);
const showPath = (s: RecordsScreens, id: string | number): string => recordPagePath(s.description.name, 'show', id);

function useTexts(s: RecordsScreens): RecordsTexts {
  return s.texts[useLocale()];
}

/** Country names in the chosen language, by ISO code (Intl.DisplayNames). */
function useCountryNames(): (code: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region' });
    return (code: string) => (code ? (names.of(code) ?? code) : '');
  }, [locale]);
}

/** The countries as choices, by name in the chosen language (made once per language: the list keeps its options). */
function useCountryChoices(): { id: string; name: string }[] {
  const country = useCountryNames();
  return useMemo(
    () => COUNTRIES.map((id) => ({ id, name: country(id) })).sort((a, b) => a.name.localeCompare(b.name)),
    [country],
  );
}

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

export function RecordList({ screens }: Props) {
  const m = useMessages();
  const t = useTexts(screens);
  const country = useCountryNames();
  const records = screens.description;
  const value = (r: RaRecord, f: string): string =>
    shown(records.fields[f], r[f], m.records.yes, m.records.no, t, country);
  // The partial-name search (fields marked `search`), sent a moment after typing stops.
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter = q ? { q } : {};
  const csvColumns = useMemo(() => recordExportColumns(records), [records]);
  // The import writes: offered to those who may edit (the server checks again).
  const { permissions } = usePermissions<Permissions>();
  const mayEdit = mayRecords(permissions, records, 'edit');
  return (
    <Box sx={{ mt: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography component="h1" variant="h4">
          {t.list}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ExportButton resource={records.name} filter={filter} columns={csvColumns} stem={records.name} />
          {mayEdit && (
            <Button
              component={Link}
              to={`/${records.name}/${recordPaths.import}`}
              variant="outlined"
              startIcon={<UploadFileIcon />}
            >
              {m.csv.import}
            </Button>
          )}
        </Stack>
      </Stack>
      {hasSearch(records) && (
        <Box role="search" aria-label={m.records.find} sx={{ mb: 2 }}>
          <FindBox
            label={m.records.find}
            value={typed}
            onChange={setTyped}
            exact={{ title: t.search, path: `/${records.name}/${recordPaths.search}` }}
          />
        </Box>
      )}
      <ResourceList
        resource={records.name}
        filter={filter}
        label={t.list}
        edit={{
          // Someone who may read but not change the records opens each one's Show page.
          path: (r) => (mayEdit ? editPath(screens, r.id) : showPath(screens, r.id)),
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
    </Box>
  );
}

/** A country by its name in the chosen language, typed to narrow the list; stored as its ISO code. */
function CountryInput({
  source,
  label,
  optional,
  readOnly,
}: {
  source: string;
  label: string;
  optional: boolean;
  readOnly: boolean;
}) {
  const m = useMessages();
  const countries = useCountryChoices();
  const choices = useMemo(
    () => (optional ? [{ id: '', name: m.records.noCountry }, ...countries] : countries),
    [optional, countries, m],
  );
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      validate={optional ? undefined : required()}
      readOnly={readOnly}
    />
  );
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

const fieldsOfDescription = (d: RecordsDescription): [string, FieldDescription][] => Object.entries(d.fields);

/** An input per field, by its kind; a locked field cannot be changed once added, none on the Show page. */
function Inputs({
  records,
  texts,
  editing,
  showing = false,
}: {
  records: RecordsDescription;
  texts: RecordsTexts;
  editing: boolean;
  showing?: boolean;
}) {
  const m = useMessages();
  return (
    <Stack>
      {fieldsOfDescription(records).map(([f, spec]) => {
        const label = texts.fields[f] ?? f;
        const readOnly = showing || (editing && spec.locked === true);
        const validate = mayBeEmpty(spec) ? undefined : required();
        if (spec.kind === 'boolean') return <BooleanInput key={f} source={f} label={label} readOnly={readOnly} />;
        if (spec.kind === 'integer' || spec.kind === 'number') {
          const { min, max } = spec.kind === 'integer' ? integerBounds(spec) : numberBounds(spec);
          const step = spec.kind === 'integer' ? 1 : 10 ** -numberBounds(spec).decimals;
          return (
            <NumberInput
              key={f}
              source={f}
              label={label}
              validate={required()}
              step={step}
              min={min}
              max={max}
              readOnly={readOnly}
            />
          );
        }
        if (spec.kind === 'country')
          return (
            <CountryInput key={f} source={f} label={label} optional={spec.optional === true} readOnly={readOnly} />
          );
        if (spec.kind === 'choice')
          return (
            <SelectInput
              key={f}
              source={f}
              label={label}
              validate={validate}
              readOnly={readOnly}
              emptyText={spec.optional ? m.records.noCountry : undefined}
              emptyValue=""
              choices={(spec.options ?? []).map((o) => ({ id: o, name: texts.options?.[o] ?? o }))}
            />
          );
        if (spec.kind === 'images')
          return <RecordImagesInput key={f} source={f} label={label} max={imagesMax(spec)} readOnly={readOnly} />;
        if (spec.kind === 'reference')
          return <ReferenceField key={f} source={f} label={label} spec={spec} readOnly={readOnly} />;
        const text = (source: string, fieldLabel: string, optional: boolean) => (
          <TextInput
            key={source}
            source={source}
            label={fieldLabel}
            validate={optional ? undefined : validate}
            readOnly={readOnly}
            autoComplete="off"
            type={spec.kind === 'email' ? 'email' : 'text'}
            multiline={spec.kind === 'text' || (spec.kind === 'translated' && spec.as === 'text')}
            minRows={spec.kind === 'text' || (spec.kind === 'translated' && spec.as === 'text') ? 3 : undefined}
            slotProps={{ htmlInput: { maxLength: maxLength(spec) } }}
            parse={(v: string | null) => v ?? ''}
          />
        );
        // A translated field: English as any text, then each other catalogue language, optional (the shop shows the
        // English where one is empty), stored under translations.<language>.<field> as products store theirs.
        if (spec.kind === 'translated')
          return [
            text(f, label, spec.optional === true),
            ...RECORD_LANGUAGES.map((lang) =>
              text(
                `translations.${lang}.${f}`,
                format(m.records.inLanguage, {
                  label,
                  language: m.products.languageTitles[lang as keyof typeof m.products.languageTitles] ?? lang,
                }),
                true,
              ),
            ),
          ];
        return text(f, label, false);
      })}
    </Stack>
  );
}

/** A reference to a record of another described resource, chosen by its search field. */
function ReferenceField({
  source,
  label,
  spec,
  readOnly,
}: {
  source: string;
  label: string;
  spec: FieldDescription;
  readOnly: boolean;
}) {
  const target = simpleDescriptions.find((d) => d.name === spec.to);
  return (
    <ReferenceInput source={source} reference={spec.to!}>
      <AutocompleteInput
        label={label}
        optionText={target?.search ?? 'id'}
        filterToQuery={(q: string) => (target && hasSearch(target) && q ? { q } : {})}
        validate={spec.optional ? undefined : required()}
        readOnly={readOnly}
      />
    </ReferenceInput>
  );
}

/**
 * Only the description's fields go to the server (a form's record also holds id, version and times), and the
 * translations where it has a translated field.
 */
const fieldsOf = (records: RecordsDescription, values: Values): Values =>
  Object.fromEntries(
    [...Object.keys(records.fields), ...(hasTranslations(records) ? ['translations'] : [])]
      .filter((f) => values[f] !== undefined)
      .map((f) => [f, values[f]]),
  );

const defaultsOf = (records: RecordsDescription): Values =>
  Object.fromEntries(fieldsOfDescription(records).map(([f, spec]) => [f, emptyValue(spec)]));

/** The server's refusal beside the field it names (a unique field), else undefined. */
const fieldError = (records: RecordsDescription, err: unknown): Values | undefined => {
  if (statusOf(err) !== 409) return undefined;
  const unique = Object.keys(records.fields).find((f) => records.fields[f]?.unique);
  return unique ? { [unique]: messageOf(err) } : undefined;
};

export function RecordCreate({ screens }: Props) {
  const records = screens.description;
  const m = useMessages();
  const t = useTexts(screens);
  const [create] = useCreate();
  const notify = useNotify();
  const navigate = useNavigate();
  const save = async (values: Values): Promise<Values | undefined> => {
    try {
      const made = await create(records.name, { data: fieldsOf(records, values) }, { returnPromise: true });
      notify(m.records.added, { type: 'success' });
      navigate(editPath(screens, made.id));
      return undefined;
    } catch (err) {
      // The form keeps what was typed; the reason shows in the toast and beside a taken value.
      notify(messageOf(err) ?? m.errors.server, { type: 'error' });
      return fieldError(records, err);
    }
  };
  return (
    <PageFrame title={t.add} back={listPath(screens)}>
      <Form defaultValues={defaultsOf(records)} onSubmit={save} warnWhenUnsavedChanges>
        <Inputs records={records} texts={t} editing={false} />
        <SaveButton alwaysEnable />
      </Form>
    </PageFrame>
  );
}

function EditView({ screens, conflict, onReloaded }: Props & { conflict: boolean; onReloaded: () => void }) {
  const records = screens.description;
  const m = useMessages();
  const t = useTexts(screens);
  const notify = useNotify();
  const navigate = useNavigate();
  const { record, isPending, error, refetch } = useEditContext();
  const { permissions } = usePermissions<Permissions>();
  const mayDelete = mayRecords(permissions, records, 'delete');
  const shown = useMemo(() => record && formRecord(records, record), [records, record]);
  if (isPending) return <Busy />;
  return (
    <PageFrame title={t.edit} back={listPath(screens)}>
      {error || !record ? (
        <Typography role="alert">{statusOf(error) === 404 || !error ? m.records.notFound : t.failed}</Typography>
      ) : (
        <Form record={shown} warnWhenUnsavedChanges>
          <Inputs records={records} texts={t} editing />
          {conflict && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void refetch().then(onReloaded)}>
                  {m.records.reload}
                </Button>
              }
            >
              {m.records.stale}
            </Alert>
          )}
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <SaveButton />
            {mayDelete && (
              <DeleteButton
                record={record}
                mutationMode="pessimistic"
                label={m.records.delete}
                confirmTitle={m.records.delete}
                confirmContent={m.records.deleteConfirm}
                mutationOptions={{
                  // Given, these replace react-admin's own success effects: say so and go to the list.
                  onSuccess: () => {
                    notify(m.records.deleted, { type: 'success' });
                    navigate(listPath(screens));
                  },
                  onError: (err: unknown) => notify(messageOf(err) ?? m.errors.server, { type: 'error' }),
                }}
              />
            )}
          </Stack>
        </Form>
      )}
      {record && (
        <HistoryPanel
          of={{ kind: 'record', resource: records.name, id: String(record.id) }}
          refreshKey={record.version}
          version={typeof record.version === 'number' ? record.version : undefined}
          onUndone={() => void refetch()}
          labels={recordFieldLabels(records, t, m)}
        />
      )}
    </PageFrame>
  );
}

export function RecordEdit({ screens }: Props) {
  const records = screens.description;
  const { id = '' } = useParams<{ id: string }>();
  const m = useMessages();
  const notify = useNotify();
  const [conflict, setConflict] = useState(false);
  return (
    <EditBase
      resource={records.name}
      id={id}
      // The route's guard has checked the resource's area (RequireAccess), and the server checks every call;
      // react-admin's
      // own check would ask the auth provider by the resource's name, which is not an area of the role matrix.
      disableAuthentication
      mutationMode="pessimistic"
      redirect={false}
      transform={(data: Values) => fieldsOf(records, data)}
      queryOptions={{ onError: () => undefined }}
      mutationOptions={{
        onSuccess: () => {
          setConflict(false);
          notify(m.records.updated, { type: 'success' });
        },
        onError: (err: unknown) => {
          // Someone saved meanwhile (a taken value is a 409 too, told by its own message).
          if (statusOf(err) === 409 && messageOf(err) !== m.records.duplicate) setConflict(true);
          else notify(messageOf(err) ?? m.errors.server, { type: 'error' });
        },
      }}
    >
      <EditView screens={screens} conflict={conflict} onReloaded={() => setConflict(false)} />
    </EditBase>
  );
}

/**
 * A record for someone who may read the resource but not change it: each field as the edit page shows it, read-only,
 * and its History (without Undo). Its title is the record's own name (the phone list's first field).
 */
export function RecordShow({ screens }: Props) {
  const records = screens.description;
  const { id = '' } = useParams<{ id: string }>();
  return (
    <ShowBase resource={records.name} id={id} disableAuthentication queryOptions={{ onError: () => undefined }}>
      <ShowView screens={screens} />
    </ShowBase>
  );
}

function ShowView({ screens }: Props) {
  const records = screens.description;
  const m = useMessages();
  const t = useTexts(screens);
  const { record, isPending, error } = useShowContext();
  if (isPending) return <Busy />;
  const title = record ? String(record[screens.phone.primary] ?? '') : t.list;
  return (
    <PageFrame title={title} back={listPath(screens)}>
      {error || !record ? (
        <Typography role="alert">{statusOf(error) === 404 || !error ? m.records.notFound : t.failed}</Typography>
      ) : (
        <>
          <Form record={record}>
            <Inputs records={records} texts={t} editing showing />
          </Form>
          <HistoryPanel
            of={{ kind: 'record', resource: records.name, id: String(record.id) }}
            refreshKey={record.version}
            labels={recordFieldLabels(records, t, m)}
          />
        </>
      )}
    </PageFrame>
  );
}

export function RecordSearch({ screens }: Props) {
  const records = screens.description;
  const t = useTexts(screens);
  const { permissions } = usePermissions<Permissions>();
  const mayEdit = mayRecords(permissions, records, 'edit');
  return (
    <ExactSearch
      resource={records.name}
      field={records.search}
      kind="text"
      title={t.search}
      label={t.searchField}
      failure={t.failed}
      editPath={(id) => (mayEdit ? editPath(screens, id) : showPath(screens, id))}
    />
  );
}
