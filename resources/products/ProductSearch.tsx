import { messages } from '../../domain/messages';
import { ExactSearch } from '../shared/ExactSearch';
import { editPath } from './ProductFrame';

const t = messages.products;

/** /products/search: finds the product with exactly this SKU and opens its edit page. */
export default function ProductSearch() {
  return <ExactSearch resource="products" field="sku" kind="text" title={t.searchTitle} label={t.searchField} failure={t.fetchFailed} editPath={editPath} />;
}
