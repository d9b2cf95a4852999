import { describeResource } from '../../domain/resourceDescription.js';

/**
 * Care guides: how to wash, dry and iron what the shop sells, by material, in English and Swedish, with a picture.
 * Editors write them; only admins delete one. Plain data (docs/adding-a-resource.md).
 */
export const description = describeResource({
  name: 'careguides',
  area: 'products',
  access: { delete: 'admin' },
  fields: {
    title: { kind: 'line', max: 120, unique: true, search: true, publish: true },
    body: { kind: 'translated', as: 'text', max: 5000, search: true, publish: true },
    fabric: { kind: 'choice', options: ['linen', 'cotton', 'blend'], publish: true },
    picture: { kind: 'images', max: 1, publish: true },
  },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
  dashboard: true,
  views: true,
  duplicate: true,
  missing: true,
  schedule: ['title', 'fabric'],
  bulk: true,
  listImage: 'picture',
});
