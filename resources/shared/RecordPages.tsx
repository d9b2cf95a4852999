import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  BooleanInput,
  EditBase,
  Form,
  NumberInput,
  SaveButton,
  TextInput,
  required,
  useCreate,
  useEditContext,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { RecordsResource } from '../../domain/records';
import { useMessages } from '../../src/locale';
import { useCursorPages } from '../useCursorPages';
import { Busy } from './Busy';
import { ExactSearch } from './ExactSearch';
import { PagedTable, type Column } from './PagedTable';
import { PageFrame } from './PageFrame';
import { messageOf, statusOf } from './errors';
import { recordPaths, type RecordsScreens, type RecordsTexts } from './recordScreens';

// The four pages of every simple resource (resources/shared/records.ts), from its description and its screens' texts.

interface Props {
  records: RecordsResource;
  screens: RecordsScreens;
}

type Values = Record<string, unknown>;

const listPath = (s: RecordsScreens): string => `/${s.name}/${recordPaths.list}`;
const editPath = (s: RecordsScreens, id: string | number): string => `/${s.name}/${recordPaths.edit}/${encodeURIComponent(String(id))}`;

function useTexts(s: RecordsScreens): RecordsTexts {
  return s.texts(useMessages());
}

/** A field's value as the list shows it. */
function shown(records: RecordsResource, field: string, value: unknown, yes: string, no: string): string {
  if (records.fields[field]?.column === 'boolean') return value ? yes : no;
  return value === null || value === undefined ? '' : String(value);
}

export function RecordList({ records, screens }: Props) {
  const m = useMessages();
  const t = useTexts(screens);
  const notify = useNotify();
  const pages = useCursorPages<RaRecord>(screens.name, () => notify(t.failed, { type: 'error' }));
  const value = (r: RaRecord, f: string): string => shown(records, f, r[f], m.users.trueLabel, m.users.falseLabel);
  const columns: Column<RaRecord>[] = screens.columns.map((f, i) => ({ label: t.fields[f] ?? f, cell: (r) => value(r, f), rowHeader: i === 0 }));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t.list}
      </Typography>
      <PagedTable
        pages={pages}
        label={t.list}
        columns={columns}
        edit={{ path: (r) => editPath(screens, r.id), name: (r) => value(r, screens.columns[0] ?? records.search) }}
        phone={(r) => ({ primary: value(r, screens.phone.primary), secondary: screens.phone.secondary.map((f) => value(r, f)).join(' · ') })}
        empty={t.empty}
        failed={t.failed}
      />
    </Box>
  );
}

/** An input per field, by how it is stored; a locked field cannot be changed once added. */
function Inputs({ records, texts, editing }: { records: RecordsResource; texts: RecordsTexts; editing: boolean }) {
  return (
    <Stack>
      {Object.entries(records.fields).map(([f, spec]) => {
        const label = texts.fields[f] ?? f;
        if (spec.column === 'boolean') return <BooleanInput key={f} source={f} label={label} />;
        if (spec.column === 'integer') return <NumberInput key={f} source={f} label={label} validate={required()} step={1} />;
        return <TextInput key={f} source={f} label={label} validate={required()} readOnly={editing && spec.locked} autoComplete="off" />;
      })}
    </Stack>
  );
}

/** Only the description's fields go to the server (a form's record also holds id, version and times). */
const fieldsOf = (records: RecordsResource, values: Values): Values =>
  Object.fromEntries(Object.keys(records.fields).filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));

const defaultsOf = (records: RecordsResource): Values =>
  Object.fromEntries(Object.entries(records.fields).map(([f, spec]) => [f, spec.column === 'boolean' ? false : spec.column === 'integer' ? 0 : '']));

/** The server's refusal beside the field it names (a unique field), else undefined. */
const fieldError = (records: RecordsResource, err: unknown): Values | undefined => {
  if (statusOf(err) !== 409) return undefined;
  const unique = Object.keys(records.fields).find((f) => records.fields[f]?.unique);
  return unique ? { [unique]: messageOf(err) } : undefined;
};

export function RecordCreate({ records, screens }: Props) {
  const m = useMessages();
  const t = useTexts(screens);
  const [create] = useCreate();
  const notify = useNotify();
  const navigate = useNavigate();
  const save = async (values: Values): Promise<Values | undefined> => {
    try {
      const made = await create(screens.name, { data: fieldsOf(records, values) }, { returnPromise: true });
      notify(m.products.added, { type: 'success' });
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
      <Form defaultValues={defaultsOf(records)} onSubmit={save}>
        <Inputs records={records} texts={t} editing={false} />
        <SaveButton alwaysEnable />
      </Form>
    </PageFrame>
  );
}

function EditView({ records, screens, conflict, onReloaded }: Props & { conflict: boolean; onReloaded: () => void }) {
  const m = useMessages();
  const t = useTexts(screens);
  const { record, isPending, error, refetch } = useEditContext();
  if (isPending) return <Busy />;
  return (
    <PageFrame title={t.edit} back={listPath(screens)}>
      {error || !record ? (
        <Typography role="alert">{statusOf(error) === 404 || !error ? m.records.notFound : t.failed}</Typography>
      ) : (
        <Form>
          <Inputs records={records} texts={t} editing />
          {conflict && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void refetch().then(onReloaded)}>
                  {m.products.reload}
                </Button>
              }
            >
              {m.records.stale}
            </Alert>
          )}
          <SaveButton />
        </Form>
      )}
    </PageFrame>
  );
}

export function RecordEdit({ records, screens }: Props) {
  const { id = '' } = useParams<{ id: string }>();
  const m = useMessages();
  const notify = useNotify();
  const [conflict, setConflict] = useState(false);
  return (
    <EditBase
      resource={screens.name}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data: Values) => fieldsOf(records, data)}
      queryOptions={{ onError: () => undefined }}
      mutationOptions={{
        onSuccess: () => {
          setConflict(false);
          notify(m.products.updated, { type: 'success' });
        },
        onError: (err: unknown) => {
          // Someone saved meanwhile (a taken value is a 409 too, told by its own message).
          if (statusOf(err) === 409 && messageOf(err) !== m.records.duplicate) setConflict(true);
          else notify(messageOf(err) ?? m.errors.server, { type: 'error' });
        },
      }}
    >
      <EditView records={records} screens={screens} conflict={conflict} onReloaded={() => setConflict(false)} />
    </EditBase>
  );
}

export function RecordSearch({ records, screens }: Props) {
  const t = useTexts(screens);
  return (
    <ExactSearch
      resource={screens.name}
      field={records.search}
      kind="text"
      title={t.search}
      label={t.searchField}
      failure={t.failed}
      editPath={(id) => editPath(screens, id)}
    />
  );
}
