import { describeRecords } from '../../domain/records.js';

/**
 * Care guides: how to wash, dry and iron what the shop sells, by material, in English and Swedish, with a picture.
 * Editors write them; only admins delete one. Plain data (docs/adding-a-resource.md).
 */
export const description = describeRecords({
  name: 'careguides',
  area: 'products',
  access: { delete: 'admin' },
  fields: {
    title: { kind: 'line', max: 100, unique: true, search: true },
    material: { kind: 'choice', options: ['cotton', 'linen', 'both'] },
    body: { kind: 'translated', as: 'text', max: 4000, search: true },
    images: { kind: 'images', max: 1 },
  },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});
