import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages';
import type { DescribedRecord } from '../../../providers/firebase/described';
import { description as careguides } from '../../../resources/careguides/description';
import { description as suppliers } from '../../../resources/suppliers/description';
import { clearAccounts } from '../helpers/auth';
import { imageAddress, seedStaff, startBackend, type Backend } from '../helpers/backend';
import { bodyOf, everyKind, type Context } from '../../server/helpers/recordValues';

// A described resource's images over Firebase: uploaded through the provider (Storage emulator, in
// process) and saved on the record as the download address the upload answered, as products' images are; an address
// that is not an upload of this project's bucket is refused by the field, before any write. Node environment: Node's
// own File and fetch. (The Firestore emulator here does not run rules; `npm run test:rules` does.)
let b: Backend;

beforeAll(async () => {
  b = await startBackend([careguides, suppliers, everyKind]);
  await clearAccounts();
  await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true, isAdmin: true });
  await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
});
afterAll(async () => b.stop());

/** Uploads a small JPEG through the provider and answers its download address. */
const upload = async (name: string): Promise<string> => {
  const handle = await b.dataProvider.uploadImage(new File([new Uint8Array(64).fill(7)], name, { type: 'image/jpeg' }));
  return (await handle.done).address;
};

describe('Firebase: a described resource’s images', () => {
  it('saves a care guide’s uploaded picture, and a new one in its place', async () => {
    const first = await upload('linen.jpg');
    const ctx: Context = { image: first, ids: new Map() };
    const { data: made } = await b.dataProvider.create<DescribedRecord>('careguides', {
      data: { ...bodyOf(careguides, 1, ctx), picture: [first] },
    });
    expect(made.picture).toEqual([first]);
    const second = await upload('cotton.jpg');
    const { data: saved } = await b.dataProvider.update<DescribedRecord>('careguides', {
      id: made.id,
      data: { ...made, picture: [second] },
      previousData: made,
    });
    expect(saved.picture).toEqual([second]);
    expect((await b.dataProvider.getOne<DescribedRecord>('careguides', { id: made.id })).data.picture).toEqual([
      second,
    ]);
    expect((await fetch(second)).status).toBe(200);
  });

  it('saves several uploaded images on a field that takes them', async () => {
    const images = [await upload('a.jpg'), await upload('b.png')];
    const ctx: Context = { image: images[0]!, ids: new Map() };
    const supplier = await b.dataProvider.create<DescribedRecord>('suppliers', { data: bodyOf(suppliers, 5, ctx) });
    ctx.ids.set('suppliers', supplier.data.id);
    const { data } = await b.dataProvider.create<DescribedRecord>('every_kind', {
      data: { ...bodyOf(everyKind, 5, ctx), pictures: images },
    });
    expect(data.pictures).toEqual(images);
  });

  it('refuses an address that is not an upload of this project’s bucket, by the field, writing nothing', async () => {
    const ctx: Context = { image: '', ids: new Map() };
    const good = imageAddress(b);
    const bad = [
      '/files/Uploads/photo-1.jpg',
      good.replace(`/b/${b.app.options.storageBucket}/`, '/b/another-project.appspot.com/'),
      good.replace('Uploads%2F', 'Elsewhere%2F'),
      good.replace(/&token=.*$/, ''),
      `${good}${'0'.repeat(2048)}`,
    ];
    const before = await b.dataProvider.getList('careguides', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'title', order: 'ASC' },
      filter: {},
    });
    for (const address of bad)
      await expect(
        b.dataProvider.create('careguides', { data: { ...bodyOf(careguides, 40, ctx), picture: [address] } }),
        address,
      ).rejects.toMatchObject({ status: 400, message: messages.uploads.notUploaded });
    const after = await b.dataProvider.getList('careguides', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'title', order: 'ASC' },
      filter: {},
    });
    expect(after.data).toHaveLength(before.data.length);
  });
});
