import { Form, SaveButton, useCreate, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@mui/material';
import { format } from '../../domain/messages';
import { duplicateOf } from './duplicate';
import { useMessages } from '../../base/locale';
import { failureReason, fieldMessagesOf, messageOf, statusOf } from '../../base/errors';
import { focusFirstError } from '../shared/focusFirstError';
import { ProductImages } from './ProductImages';
import { ProductFrame, editPath } from './ProductFrame';
import { ProductInputs, productData, productDefaults } from './ProductInputs';
import { ImagesWaited, useWaitForImages } from '../shared/images/useWaitForImages';

const FORM_ID = 'product-create';

/**
 * /products/add-product: a new product with up to three images; on success its edit page; a refusal focuses its first
 * field.
 */
export default function ProductCreate() {
  const m = useMessages();
  const t = m.products;
  // Opened by Edit Product's 'Duplicate': that product's fields, texts and copied images, and a new SKU to enter.
  const duplicate = duplicateOf(useLocation().state);
  const [create] = useCreate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { fields: imageFields, wait, saveLabel } = useWaitForImages();

  const save = async (values: Record<string, unknown>): Promise<Record<string, string> | undefined> => {
    const refused = await attempt(values);
    if (refused) focusFirstError(FORM_ID);
    return refused;
  };

  const attempt = async (values: Record<string, unknown>): Promise<Record<string, string> | undefined> => {
    const sku = typeof values.sku === 'string' ? values.sku.trim() : '';
    // Images still uploading are waited for; one that fails keeps the form as typed and is named.
    const waited = await wait();
    if ('errors' in waited) return waited.errors;
    try {
      const product = await create(
        'products',
        { data: { sku, ...productData(values), ...waited.values } },
        { returnPromise: true },
      );
      notify(t.added, { type: 'success' });
      navigate(editPath(product.id));
      return undefined;
    } catch (err) {
      // The spec's toast, with the refusal's own reason where it has one (a taken SKU), as Edit User's says.
      const reason = failureReason(err);
      notify(reason ? `${t.failure}: ${reason}` : t.failure, { type: 'error', multiLine: Boolean(reason) });
      // A taken SKU, or the server's field messages, are also said beside the fields. Either way the form keeps what
      // was typed.
      return statusOf(err) === 409 ? { sku: messageOf(err) ?? t.duplicateSku } : fieldMessagesOf(err);
    }
  };

  return (
    <ProductFrame title={t.addTitle}>
      {duplicate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {format(m.duplicate.notice, { sku: duplicate.from })}
        </Alert>
      )}
      <Form id={FORM_ID} defaultValues={duplicate?.values ?? productDefaults()} onSubmit={save} warnWhenUnsavedChanges>
        <ImagesWaited fields={imageFields}>
          <ProductInputs />
          {duplicate ? (
            <ProductImages allSlots initial={duplicate.images} thumbnails={duplicate.thumbnails} />
          ) : (
            <ProductImages initial={[]} />
          )}
        </ImagesWaited>
        <SaveButton label={saveLabel ?? t.save} alwaysEnable />
      </Form>
    </ProductFrame>
  );
}
