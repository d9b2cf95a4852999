import { CATEGORIES, MATERIAL_CARE, MAX_IMAGES } from './constants.js';
import { describeResource } from './resourceDescription.js';

/**
 * Products in the one resource model (domain/resourceDescription.ts): each field's kind and bounds in the words every
 * described resource uses, the only place a product's fields are written. Products keep their own server and screens
 * (images with thumbnails and sizes, the schedule, bulk edit, Duplicate; docs/decisions.md), which read the fields
 * below, made from this. `publish`: the storefront feed (/api/public/products) shows the field.
 */
export const productDescription = describeResource({
  name: 'products',
  area: 'products',
  fields: {
    // A code compared as written: products keep their own SKU check (server/core/products.ts).
    sku: { kind: 'line', max: 64, unique: 'exact', locked: true, search: true, publish: true },
    name: { kind: 'translated', as: 'line', max: 200, search: true, publish: true },
    category: { kind: 'choice', options: CATEGORIES, publish: true },
    mc: { kind: 'choice', options: MATERIAL_CARE, publish: true },
    price: { kind: 'line', max: 50, publish: true },
    active: { kind: 'boolean' },
    details: { kind: 'translated', as: 'text', max: 5000, publish: true },
    images: { kind: 'images', max: MAX_IMAGES, publish: true },
  },
  sort: { field: 'sku', order: 'desc' },
  headerSort: false,
  search: 'sku',
  views: true,
});
