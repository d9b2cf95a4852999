import { describe, expect, it } from 'vitest';
import { productDescription } from '../../domain/productFields.js';
import { describeResource, type ResourceDescription } from '../../domain/resourceDescription.js';
import { dialects, startApp } from './helpers/index.js';

// The start checks the products' description as it checks every described resource's (server/app.ts): a field the
// migrations have not made, or a reference to no resource, stops it with the field named, before anything is served.
const grown = (field: object): ResourceDescription =>
  describeResource({
    ...productDescription,
    fields: { ...productDescription.fields, ...field },
  } as never) as ResourceDescription;

describe.each(dialects())('the start with a products description the install does not match (%s)', (dialect) => {
  it('stops at a product field no migration made (npm run resources not run), naming it', async () => {
    await expect(
      startApp({
        dialect,
        build: { productDescription: grown({ colour: { kind: 'line', max: 20, optional: true } }) },
      }),
    ).rejects.toThrow(/colour/);
  });

  it('stops at a product field whose kind is held otherwise (no npm run resources), naming both forms', async () => {
    // Both a yes/no and an integer are integer columns: only the migrations say which the values are.
    await expect(
      startApp({ dialect, build: { productDescription: grown({ active: { kind: 'integer', max: 1 } }) } }),
    ).rejects.toThrow(/products\.active is held as boolean, its description says integer.*npm run resources/);
  });

  it('stops at a product reference to no resource, naming it', async () => {
    await expect(
      startApp({
        dialect,
        build: { productDescription: grown({ maker: { kind: 'reference', to: 'nowhere', optional: true } }) },
      }),
    ).rejects.toThrow('products.maker: it points to nowhere, which no resource folder describes');
  });
});
