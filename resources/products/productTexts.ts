import { useMemo } from 'react';
import type { Catalogue } from '../../domain/messages';
import { productDescription } from '../../domain/productFields';
import { fieldsOfResource, type FieldDescription } from '../../domain/resourceDescription';
import { useMessages } from '../../base/locale';
import type { ResourceLocaleTexts } from '../shared/recordScreens';

// The products' screens read their fields from `productDescription` (domain/productFields.ts) as a described
// resource's do, through the field kinds' inputs and cells (resources/shared/fieldKindViews.tsx): a field added there
// shows on Add and Edit Product, and in the list when PRODUCT_COLUMNS names it, with no change here.

/** The product's fields, in the description's order. */
export const productFields = (): [string, FieldDescription][] => fieldsOfResource(productDescription);

/**
 * The products' texts in a described resource's shape, for the kinds' inputs and cells: each field's label is its key
 * in the catalogue's `products` section (the key itself where that has none).
 */
export function productTexts(m: Catalogue): ResourceLocaleTexts {
  const t = m.products;
  const label = (key: string): string => {
    const said = (t as Readonly<Record<string, unknown>>)[key];
    return typeof said === 'string' ? said : key;
  };
  return {
    menu: t.title,
    list: t.title,
    add: t.addTitle,
    edit: t.editTitle,
    search: t.searchTitle,
    searchField: t.searchField,
    empty: t.empty,
    failed: t.fetchFailed,
    fields: Object.fromEntries(productFields().map(([key]) => [key, label(key)])),
  };
}

/** The products' texts in the UI's language. */
export function useProductTexts(): ResourceLocaleTexts {
  const m = useMessages();
  return useMemo(() => productTexts(m), [m]);
}
