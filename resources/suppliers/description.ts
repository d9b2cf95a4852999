import { describeResource } from '../../domain/resourceDescription.js';

/**
 * The shop's suppliers (weavers, mills, dye works): editors keep who to call and where they are. Plain data, read by
 * the browser, the server and the Firestore rules generator alike (docs/adding-a-resource.md).
 */
export const description = describeResource({
  name: 'suppliers',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 100, unique: true },
    contactPerson: { kind: 'line', max: 100, optional: true },
    email: { kind: 'email', optional: true },
    country: { kind: 'country' },
    notes: { kind: 'text', max: 2000 },
  },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
  dashboard: true,
});
