import { Form, SaveButton, useCreate, useNotify, useRedirect } from 'react-admin';
import { useMessages } from '../../base/locale';
import { messageOf } from '../../base/errors';
import { PageFrame } from './PageFrame';
import { RecordInputs } from './RecordInputs';
import { defaultsOf, fieldError, fieldsOf, type Values } from './recordForm';
import type { RecordsScreens } from './recordScreens';
import { useRecordPath, useTexts } from './recordHooks';

/** /<name>/create: a new record, each field empty; saved, its Edit page opens (react-admin's redirect to 'edit'). */
export function RecordCreate({ screens }: { screens: RecordsScreens }) {
  const records = screens.description;
  const m = useMessages();
  const t = useTexts(screens);
  const [create] = useCreate();
  const notify = useNotify();
  const redirect = useRedirect();
  const path = useRecordPath();
  const save = async (values: Values): Promise<Values | undefined> => {
    try {
      const made = await create(records.name, { data: fieldsOf(records, values) }, { returnPromise: true });
      notify(m.records.added, { type: 'success' });
      redirect('edit', records.name, made.id);
      return undefined;
    } catch (err) {
      // The form keeps what was typed; the reason shows in the toast and beside a taken value.
      notify(messageOf(err) ?? m.errors.server, { type: 'error' });
      return fieldError(records, err);
    }
  };
  return (
    <PageFrame title={t.add} back={path(records.name, 'list')}>
      <Form defaultValues={defaultsOf(records)} onSubmit={save} warnWhenUnsavedChanges>
        <RecordInputs records={records} texts={t} editing={false} />
        <SaveButton alwaysEnable />
      </Form>
    </PageFrame>
  );
}
