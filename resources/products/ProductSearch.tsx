import { useMessages } from '../../base/locale';
import { ExactSearch } from '../shared/ExactSearch';
import { editPath } from './ProductFrame';

/** /products/search: finds the product with exactly this SKU and opens its edit page. */
export default function ProductSearch() {
  const t = useMessages().products;
  return (
    <ExactSearch
      resource="products"
      field="sku"
      kind="text"
      title={t.searchTitle}
      label={t.searchField}
      failure={t.fetchFailed}
      editPath={editPath}
    />
  );
}
