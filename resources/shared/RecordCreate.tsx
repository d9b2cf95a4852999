import { Form, SaveButton, useCreate, useNotify, useRedirect } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { Alert } from '@mui/material';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';
import { messageOf } from '../../base/errors';
import { PageFrame } from './PageFrame';
import { RecordInputs } from './RecordInputs';
import { defaultsOf, fieldError, fieldsOf, type Values } from './recordForm';
import type { ResourceScreens } from './recordScreens';
import { useRecordPath, useTexts } from './recordHooks';
import { duplicateIn } from './duplicateRecord';
import { ImagesWaited, useWaitForImages } from './images/useWaitForImages';

/**
 * /<name>/create: a new record, each field empty (or, opened by Edit's 'Duplicate', another record's values with its
 * images copied and its unique fields empty); saved, its Edit page opens (react-admin's redirect to 'edit').
 */
export function RecordCreate({ screens }: { screens: ResourceScreens }) {
  const description = screens.description;
  const m = useMessages();
  const t = useTexts(screens);
  const [create] = useCreate();
  const notify = useNotify();
  const redirect = useRedirect();
  const path = useRecordPath();
  const duplicate = duplicateIn(useLocation().state);
  const { fields: imageFields, wait, saveLabel } = useWaitForImages();
  const save = async (values: Values): Promise<Values | undefined> => {
    // Images still uploading are waited for; one that fails keeps the form as typed and is named.
    const waited = await wait();
    if ('errors' in waited) return waited.errors;
    try {
      const data = fieldsOf(description, { ...values, ...waited.values });
      const made = await create(description.name, { data }, { returnPromise: true });
      notify(m.records.added, { type: 'success' });
      redirect('edit', description.name, made.id);
      return undefined;
    } catch (err) {
      // The form keeps what was typed; the reason shows in the toast and beside a taken value.
      notify(messageOf(err) ?? m.errors.server, { type: 'error' });
      return fieldError(description, err);
    }
  };
  return (
    <PageFrame title={t.add} back={path(description.name, 'list')}>
      {duplicate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {format(m.duplicate.recordNotice, { name: duplicate.from })}
        </Alert>
      )}
      <Form defaultValues={duplicate?.values ?? defaultsOf(description)} onSubmit={save} warnWhenUnsavedChanges>
        <ImagesWaited fields={imageFields}>
          <RecordInputs description={description} texts={t} editing={false} />
        </ImagesWaited>
        <SaveButton label={saveLabel} alwaysEnable />
      </Form>
    </PageFrame>
  );
}
