import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { EditBase, Form, SaveButton, useDataProvider, useEditContext, useNotify, useSaveContext } from 'react-admin';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { AppDataProvider } from '../../base/backend';
import { CREATE_PATH, duplicateState } from './duplicate';
import { useMessages } from '../../base/locale';
import type { Product } from '../../domain/products';
import { failureReason, statusOf } from '../../base/errors';
import { focusFirstError } from '../shared/focusFirstError';
import { Busy } from '../../base/Busy';
import { PLACEHOLDER_IMAGE } from '../shared/images/images';
import { ProductImages } from './ProductImages';
import { ProductFrame } from './ProductFrame';
import { ProductInputs, productData } from './ProductInputs';
import { ImagesWaited, useWaitForImages } from '../shared/images/useWaitForImages';
import { HistoryPanel } from '../shared/history/HistoryPanel';
import { UsedBy } from '../shared/UsedBy';
import { productDescription } from '../../domain/productFields';
import type { ResourceDescription } from '../../domain/resourceDescription';
import { ProductDelete } from './ProductDelete';

const FORM_ID = 'product-edit';

interface ViewProps {
  description: ResourceDescription;
  conflict: boolean;
  onReloaded: () => void;
}

/** The loaded product's form; 'No products' when there is none; the conflict notice after a stale save. */
function ProductEditView({ description, conflict, onReloaded }: ViewProps) {
  const t = useMessages().products;
  const { record, isPending, error, refetch } = useEditContext<Product>();
  const { save } = useSaveContext();
  const { fields: imageFields, wait, saveLabel } = useWaitForImages();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const m = useMessages();
  const [copying, setCopying] = useState(false);
  if (isPending) return <Busy />;
  if (error || !record) {
    return (
      <ProductFrame title={t.editTitle}>
        <Typography role="alert">{statusOf(error) === 404 || !error ? t.notFound : t.fetchFailed}</Typography>
      </ProductFrame>
    );
  }
  const reload = async (): Promise<void> => {
    // The fresh record resets the form (react-admin's Form follows its record) and the image slots (keyed by version).
    await refetch();
    onReloaded();
  };
  // Duplicate: the images copied first (new files, not shared), then Add Product opens with the product's fields.
  const duplicate = async (): Promise<void> => {
    setCopying(true);
    try {
      const copies = (await dataProvider.duplicateImages('products', String(record.id))).images;
      if (!copies) throw new Error('No copies of the images');
      navigate(CREATE_PATH, { state: { duplicate: duplicateState(record, copies) } });
    } catch {
      notify(m.duplicate.failed, { type: 'error' });
      setCopying(false);
    }
  };
  // Images still uploading are waited for, then the save goes on with their addresses; a refusal focuses its first
  // field.
  const submit = async (values: Record<string, unknown>) => {
    const waited = await wait();
    const refused = 'errors' in waited ? waited.errors : await save?.({ ...values, ...waited.values });
    if (refused) focusFirstError(FORM_ID);
    return refused;
  };
  return (
    <ProductFrame title={t.editTitle}>
      <Form id={FORM_ID} onSubmit={submit} warnWhenUnsavedChanges>
        <ProductInputs editing />
        <Typography component="h2" variant="subtitle1" sx={{ mt: 2, mb: 1 }}>
          {t.primary}
        </Typography>
        <Box
          component="img"
          src={record.primary ?? PLACEHOLDER_IMAGE}
          alt={record.primary ? `${t.primary}: ${record.name}` : m.images.noImage}
          sx={{
            width: 180,
            maxWidth: '100%',
            aspectRatio: '1',
            objectFit: 'cover',
            borderRadius: 1,
            bgcolor: 'grey.100',
          }}
        />
        <ImagesWaited fields={imageFields}>
          <ProductImages key={record.version} allSlots initial={record.images} thumbnails={record.thumbnails} />
        </ImagesWaited>
        {conflict && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void reload()}>
                {t.reload}
              </Button>
            }
          >
            {t.stale}
          </Alert>
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <SaveButton label={saveLabel ?? t.save} />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void duplicate()}
            disabled={copying}
          >
            {m.duplicate.button}
          </Button>
          <ProductDelete description={description} record={record} />
        </Stack>
      </Form>
      {/* What points to this product (none while no described resource points to products). */}
      <UsedBy resource="products" id={String(record.id)} refreshKey={record.version} />
      {/* Reads again after each save (a new version); an undo saves, then the form reloads the product. */}
      <HistoryPanel
        of={{ kind: 'product', id: String(record.id) }}
        refreshKey={record.version}
        version={record.version}
        onUndone={() => void reload()}
      />
    </ProductFrame>
  );
}

/**
 * /products/edit-product/:getUid: loads the product, saves only if nobody saved meanwhile (If-Match), then shows the
 * saved version. `description`: the products' own (domain/productFields.ts) unless a test gives one; its
 * `access.delete` shows Delete.
 */
export default function ProductEdit({ description = productDescription }: { description?: ResourceDescription }) {
  const { getUid = '' } = useParams<{ getUid: string }>();
  const t = useMessages().products;
  const notify = useNotify();
  const [conflict, setConflict] = useState(false);
  return (
    <EditBase<Product>
      resource="products"
      id={getUid}
      mutationMode="pessimistic"
      redirect={false}
      transform={(data) => productData(data)}
      // A missing product shows 'No products' here rather than react-admin's redirect.
      queryOptions={{ onError: () => undefined }}
      mutationOptions={{
        onSuccess: () => {
          setConflict(false);
          notify(t.updated, { type: 'success' });
        },
        onError: (err) => {
          if (statusOf(err) === 409) setConflict(true);
          else {
            // With the refusal's own reason where it has one, as Add Product's toast; the form keeps what was typed.
            const reason = failureReason(err);
            notify(reason ? `${t.failure}: ${reason}` : t.failure, { type: 'error', multiLine: Boolean(reason) });
          }
        },
      }}
    >
      <ProductEditView description={description} conflict={conflict} onReloaded={() => setConflict(false)} />
    </EditBase>
  );
}
