import { useParams } from 'react-router-dom';
import { Form, ShowBase, useShowContext } from 'react-admin';
import { Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import { Busy } from '../../base/Busy';
import { statusOf } from '../../base/errors';
import { PageFrame } from './PageFrame';
import { HistoryPanel } from './history/HistoryPanel';
import { RecordInputs } from './RecordInputs';
import { UsedBy } from './UsedBy';
import { recordFieldLabels } from './recordLabels';
import type { ResourceScreens } from './recordScreens';
import { useRecordPath, useTexts } from './recordHooks';

/**
 * /<name>/:id/show: a record for someone who may read the resource but not change it: each field as the edit page
 * shows it, read-only, what points to it (Used by) and its History (without Undo). Its title is the record's own
 * name (the phone list's first field).
 */
export function RecordShow({ screens }: { screens: ResourceScreens }) {
  const description = screens.description;
  const { id = '' } = useParams<{ id: string }>();
  return (
    <ShowBase resource={description.name} id={id} disableAuthentication queryOptions={{ onError: () => undefined }}>
      <ShowView screens={screens} />
    </ShowBase>
  );
}

function ShowView({ screens }: { screens: ResourceScreens }) {
  const description = screens.description;
  const m = useMessages();
  const t = useTexts(screens);
  const { record, isPending, error } = useShowContext();
  const path = useRecordPath();
  if (isPending) return <Busy />;
  const title = record ? String(record[screens.phone.primary] ?? '') : t.list;
  return (
    <PageFrame title={title} back={path(description.name, 'list')}>
      {error || !record ? (
        <RecordNotLoaded error={error} failed={t.failed} />
      ) : (
        <>
          <Form record={record}>
            <RecordInputs description={description} texts={t} editing showing />
          </Form>
          <UsedBy resource={description.name} id={String(record.id)} refreshKey={record.version} />
          <HistoryPanel
            of={{ kind: 'record', resource: description.name, id: String(record.id) }}
            refreshKey={record.version}
            labels={recordFieldLabels(description, t, m)}
            fields={description.fields}
            options={t.options}
          />
        </>
      )}
    </PageFrame>
  );
}

/** A record that is not there (none, or a 404), or could not be fetched (the resource's own words). */
export function RecordNotLoaded({ error, failed }: { error: unknown; failed: string }) {
  const m = useMessages();
  return <Typography role="alert">{statusOf(error) === 404 || !error ? m.records.notFound : failed}</Typography>;
}
