import type { TableStep } from './describedTables.js';

// The products table as the hand-written migrations made it (001, 002, 008, 012, 020 …: its columns, the SKU's
// unique index, its search text), in the words of a generated migration's step. `npm run resources` starts the
// products' columns from here, so it writes a migration only for what domain/productFields.ts describes beyond it
// (a new field's column, a rename, a drop asked for), as it does for a described resource. Plain data, never
// changed: a product field added later is in the migration the generator writes for it.
export const PRODUCTS_HAND_MADE: TableStep = {
  table: 'products',
  create: false,
  columns: {
    sku: { type: 'text', default: '', stored: 'text', unique: true },
    name: { type: 'text', default: '', stored: 'text' },
    category: { type: 'text', default: '', stored: 'text' },
    mc: { type: 'text', default: '', stored: 'text' },
    price: { type: 'text', default: '', stored: 'text' },
    active: { type: 'integer', default: 0, stored: 'boolean' },
    details: { type: 'text', default: '', stored: 'text' },
    images: { type: 'text', default: '[]', stored: 'images' },
    translations: { type: 'text', default: '{}', stored: 'translations' },
    search_text: { type: 'text', default: '', stored: 'search' },
  },
  sort: 'sku',
  search: [
    { field: 'sku', translated: false },
    { field: 'name', translated: true },
  ],
};
