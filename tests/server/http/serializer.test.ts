import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../../../server/http/serializer.js';
import { Product } from '../../../domain/products';
import { productDescription } from '../../../domain/productFields';
import { emptyValue, fieldsOfResource } from '../../../domain/resourceDescription';
import { User } from '../../../domain/users';
import { Language } from '../../../domain/languages';
import { AppStatus } from '../../../domain/appStatus';

const compile = (schema: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

const emptyFields: Record<string, unknown> = Object.fromEntries(
  fieldsOfResource(productDescription).map(([key, f]) => [key, emptyValue(f)]),
);
const product: Product = {
  // Every described field empty first, so a field added to the description needs no line here.
  ...(emptyFields as Omit<Product, 'id'>),
  id: 'p1',
  sku: 'LIN-001',
  category: 'Linen',
  mc: 'Linen care',
  name: 'Linen "towel" \u2028 with ünïcode',
  details: 'Line one\nline two',
  translations: { se: { name: 'Linnehandduk' } },
  price: '12.50',
  active: true,
  images: ['products/a.png', 'products/b.png'],
  thumbnails: ['products/a.png.thumb.webp', 'products/b.png.thumb.webp'],
  primary: null,
  version: 3,
  created: '2026-01-01T00:00:00.000Z',
  updated: null,
};
const user: User = {
  id: 'u1',
  uid: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  userType: 'staff',
  active: true,
  isAdmin: false,
  isEditor: true,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-02T00:00:00.000Z',
};

describe('response serializer', () => {
  it.each([
    ['a product', Product, product],
    [
      'a page of products',
      z.object({ items: z.array(Product), next: z.string().nullable() }),
      { items: [], next: 'c1' },
    ],
    ['a user', User, user],
    [
      'texts with booleans',
      Language,
      { id: 'en', texts: { 'a.b': 'Hello', flag: true, off: false }, version: 1, updated: 'x' },
    ],
    ['the app status', AppStatus, { active: false, version: '0.1.1' }],
  ])('writes %s exactly as zod would', (_, schema, value) => {
    const out = compile(schema)(value);
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify((schema as z.ZodType).parse(value))));
  });

  it('writes only the properties the schema names (a row with extra columns leaks nothing)', () => {
    const out = compile(User)({ ...user, passwordHash: 'secret', token: 't' });
    expect(out).not.toContain('secret');
    expect(JSON.parse(out)).toEqual(user);
  });

  it('refuses a value missing a required property instead of writing half an answer', () => {
    const { email: _, ...noEmail } = user;
    expect(() => compile(User)(noEmail)).toThrow();
  });
});
