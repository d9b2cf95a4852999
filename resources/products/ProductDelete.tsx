import { useNavigate } from 'react-router-dom';
import { DeleteButton, useNotify, usePermissions } from 'react-admin';
import { mayOnResource, type ResourceDescription } from '../../domain/resourceDescription';
import type { Product } from '../../domain/products';
import type { Permissions } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { messageOf } from '../../base/errors';
import { LIST_PATH } from './ProductFrame';

/**
 * Edit Product's Delete, as a described resource's (shared/RecordEdit.tsx): the same confirmation, then the list.
 * Shown only when the products' description says who may delete (`access.delete`; the specification has none) and
 * this person meets it, read level included (domain/resourceDescription.ts, mayOnResource). The delete sends the
 * version loaded.
 */
export function ProductDelete({ description, record }: { description: ResourceDescription; record: Product }) {
  const m = useMessages();
  const notify = useNotify();
  const navigate = useNavigate();
  const { permissions } = usePermissions<Permissions>();
  if (!description.access?.delete || !mayOnResource(permissions, description, 'delete')) return null;
  return (
    <DeleteButton
      record={record}
      resource="products"
      mutationMode="pessimistic"
      label={m.records.delete}
      confirmTitle={m.records.delete}
      confirmContent={m.records.deleteConfirm}
      mutationOptions={{
        // Given, these replace react-admin's own success effects: say so and go to the list.
        onSuccess: () => {
          notify(m.records.deleted, { type: 'success' });
          navigate(LIST_PATH);
        },
        onError: (err: unknown) => notify(messageOf(err) ?? m.errors.server, { type: 'error' }),
      }}
    />
  );
}
