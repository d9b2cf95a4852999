import { useLocation } from 'react-router-dom';
import type { GetListParams } from 'react-admin';
import type { Product } from '../../../../domain/products';
import { productDescription } from '../../../../domain/productFields';
import { emptyValue, fieldsOfResource } from '../../../../domain/resourceDescription';
import type { AppDataProvider } from '../../../../base/backend';

/**
 * Every described field empty, so a field added to the description needs no line here: a product's base, and what Add
 * and Edit send for a field the test leaves alone.
 */
export const emptyFields = (): Record<string, unknown> =>
  Object.fromEntries(fieldsOfResource(productDescription).map(([key, f]) => [key, emptyValue(f)]));

/** A product as the API answers, with whatever the test changes. */
export function productWith(over: Partial<Product> = {}): Product {
  const images = over.images ?? ['/files/Uploads/u1_a_one.jpg'];
  return {
    ...(emptyFields() as Omit<Product, 'id'>),
    id: 'p1',
    sku: 'LI-1001',
    category: 'Linen',
    mc: 'Linen care',
    name: 'Sage linen towel',
    details: 'Soft and strong.',
    translations: {},
    price: '249 SEK',
    active: true,
    images,
    // Named unlike the server's scheme on purpose: the screens must show the record's thumbnails, not derive them.
    thumbnails: images.map((a) => a.replace(/\.\w+$/, '.small.webp')),
    primary: '/files/Uploads/u1_a_one.jpg',
    version: 2,
    created: '2024-01-01T00:00:00.000Z',
    updated: null,
    ...over,
  };
}

/** A list answer as the rest provider shapes it: the rows and the next cursor in meta. */
export const listAnswer = (rows: Product[], next: string | null) => ({
  data: rows,
  pageInfo: { hasNextPage: next !== null, hasPreviousPage: false },
  meta: { next },
});

/** Types a getList spy as the provider method (its generic signature cannot be met by a plain function). */
export const asGetList = (
  fn: (resource: string, params: GetListParams) => Promise<unknown>,
): AppDataProvider['getList'] => fn as unknown as AppDataProvider['getList'];

/** Shows the router's current path, so a test can see where a screen navigated. */
export function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

export { fakeUploads, imageFile, type FakeUpload } from '../fakeUploads';
