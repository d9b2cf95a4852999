import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  DeleteButton,
  EditBase,
  Form,
  SaveButton,
  useEditContext,
  useNotify,
  usePermissions,
  useDataProvider,
  useRedirect,
  useSaveContext,
} from 'react-admin';
import { Alert, Button, Stack } from '@mui/material';
import { mayOnResource } from '../../domain/resourceDescription';
import type { AppDataProvider, Permissions } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { Busy } from '../../base/Busy';
import { messageOf, statusOf } from '../../base/errors';
import { PageFrame } from './PageFrame';
import { HistoryPanel } from './history/HistoryPanel';
import { RecordInputs } from './RecordInputs';
import { USED_BY_ID, UsedBy } from './UsedBy';
import { recordFieldLabels } from './recordLabels';
import { fieldsOf, type Values } from './recordForm';
import type { ResourceScreens } from './recordScreens';
import { useRecordPath, useTexts } from './recordHooks';
import { RecordNotLoaded } from './RecordShow';
import { formRecord } from './formRecord';
import { duplicateOf } from './duplicateRecord';
import { ScheduleSection } from './ScheduledChanges';
import { ImagesWaited, useWaitForImages } from './images/useWaitForImages';

interface Props {
  screens: ResourceScreens;
}

/**
 * /<name>/:id: a record's fields (a locked one read-only), saved with the version it was loaded at (someone's
 * save meanwhile is told, with Reload), Delete for those the description lets (refused while others point to it: its
 * 'Used by' lists them), its scheduled changes where the description names fields to schedule (`schedule`), and its
 * History with Undo.
 */
export function RecordEdit({ screens }: Props) {
  const description = screens.description;
  const { id = '' } = useParams<{ id: string }>();
  const m = useMessages();
  const notify = useNotify();
  const [conflict, setConflict] = useState(false);
  return (
    <EditBase
      resource={description.name}
      id={id}
      // The route's guard has checked the resource's area (RequireAccess), and the server checks every call;
      // react-admin's
      // own check would ask the auth provider by the resource's name, which is not an area of the role matrix.
      disableAuthentication
      mutationMode="pessimistic"
      redirect={false}
      transform={(data: Values) => fieldsOf(description, data)}
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

function EditView({ screens, conflict, onReloaded }: Props & { conflict: boolean; onReloaded: () => void }) {
  const description = screens.description;
  const m = useMessages();
  const t = useTexts(screens);
  const notify = useNotify();
  const redirect = useRedirect();
  const path = useRecordPath();
  const { record, isPending, error, refetch } = useEditContext();
  const { permissions } = usePermissions<Permissions>();
  const mayDelete = mayOnResource(permissions, description, 'delete');
  const shown = useMemo(() => record && formRecord(description, record), [description, record]);
  const dataProvider = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  const { save } = useSaveContext();
  const { fields: imageFields, wait, saveLabel } = useWaitForImages();
  // Images still uploading are waited for, then the save goes on with their addresses.
  const submit = async (values: Values) => {
    const waited = await wait();
    return 'errors' in waited ? waited.errors : await save?.({ ...values, ...waited.values });
  };
  // Each delete refused because others point to the record.
  const [refused, setRefused] = useState(0);
  // Duplicate: the images copied first (new files, not shared), then Add opens with the record's values.
  const duplicate = async (): Promise<void> => {
    if (!record) return;
    setCopying(true);
    try {
      const copies = await dataProvider.duplicateImages(description.name, String(record.id));
      navigate(path(description.name, 'create'), {
        state: { recordDuplicate: duplicateOf(description, record, copies) },
      });
    } catch {
      notify(m.duplicate.recordFailed, { type: 'error' });
      setCopying(false);
    }
  };
  if (isPending) return <Busy />;
  return (
    <PageFrame title={t.edit} back={path(description.name, 'list')}>
      {error || !record ? (
        <RecordNotLoaded error={error} failed={t.failed} />
      ) : (
        <Form record={shown} onSubmit={submit} warnWhenUnsavedChanges>
          <ImagesWaited fields={imageFields}>
            <RecordInputs description={description} texts={t} editing />
          </ImagesWaited>
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
            <SaveButton label={saveLabel} />
            {description.duplicate && (
              <Button variant="outlined" onClick={() => void duplicate()} disabled={copying} aria-busy={copying}>
                {m.duplicate.button}
              </Button>
            )}
            {mayDelete && (
              <DeleteButton
                record={record}
                mutationMode="pessimistic"
                label={m.records.delete}
                confirmTitle={m.records.delete}
                confirmContent={m.records.deleteConfirm}
                mutationOptions={{
                  // Given, these replace react-admin's own success effects: say so, and go to the list as it would.
                  onSuccess: () => {
                    notify(m.records.deleted, { type: 'success' });
                    redirect('list', description.name);
                  },
                  onError: (err: unknown) => {
                    notify(messageOf(err) ?? m.errors.server, { type: 'error' });
                    // Others point to it: 'Used by' is read again and taken to, listing them with links.
                    if (messageOf(err) === m.records.inUse) {
                      setRefused((n) => n + 1);
                      setTimeout(() => document.getElementById(USED_BY_ID)?.focus(), 0);
                    }
                  },
                }}
              />
            )}
          </Stack>
        </Form>
      )}
      {record && description.schedule && <ScheduleSection description={description} texts={t} id={String(record.id)} />}
      {record && (
        <UsedBy resource={description.name} id={String(record.id)} refreshKey={`${record.version}.${refused}`} />
      )}
      {record && (
        <HistoryPanel
          of={{ kind: 'record', resource: description.name, id: String(record.id) }}
          refreshKey={record.version}
          version={typeof record.version === 'number' ? record.version : undefined}
          onUndone={() => void refetch()}
          labels={recordFieldLabels(description, t, m)}
          fields={description.fields}
          options={t.options}
        />
      )}
    </PageFrame>
  );
}
