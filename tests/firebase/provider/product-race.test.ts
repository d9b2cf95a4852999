import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setDoc, terminate } from 'firebase/firestore';
import { messages } from '../../../domain/messages';
import type { Product } from '../../../domain/products';
import { createFirebaseProviders } from '../../../providers/firebase';

// Edit product's conflict check under a real race: another write lands between the transaction's read and its
// commit. This file runs its own patched Firestore emulator in the test worker (node environment) so the test can
// time that write exactly: right after the emulator answered the transaction's read, before the commit arrives.
// Firestore then refuses the commit (the read version is gone), the SDK runs the transaction again, and the
// provider's check sees the changed document: the same conflict message as a stale form.
const requireHere = createRequire(import.meta.url);
interface Gaps {
  commit: (
    state: unknown,
    call: { request: { writes: unknown[] } },
    cb: (err: unknown) => void,
    response: unknown,
  ) => void;
}
interface State {
  getDocument: (path: string) => unknown;
}
const { FirestoreServer } = requireHere('@firestore-emulator/server') as {
  FirestoreServer: new () => { state: State; start: (p: number) => Promise<number>; stop: () => void };
};
const gaps = requireHere('@firestore-emulator/server/dist/linen-gaps.js') as Gaps;
const { Write } = requireHere('@firestore-emulator/proto/dist/google/firestore/v1/write') as {
  Write: { fromObject: (o: unknown) => unknown };
};
const { CommitResponse } = requireHere('@firestore-emulator/proto/dist/google/firestore/v1/firestore') as {
  CommitResponse: unknown;
};

const server = new FirestoreServer();
const app = initializeApp({ projectId: 'demo-race', apiKey: 'demo-key' }, 'race');
const name = 'projects/demo-race/databases/(default)/documents/products/p1';
let reads = 0;

beforeAll(async () => {
  const port = await server.start(0);
  connectFirestoreEmulator(getFirestore(app), '127.0.0.1', port);
  await setDoc(doc(getFirestore(app), 'products', 'p1'), {
    sku: 'S-1',
    category: 'Linen',
    mc: 'Linen care',
    name: 'Towel',
    details: 'Soft',
    price: '10',
    active: true,
    images: [],
    primary: null,
  });
});
afterAll(async () => {
  await terminate(getFirestore(app));
  await deleteApp(app);
  server.stop();
});

/** After the next read of products/p1, another client's price change lands before anything else can happen. */
function raceNextRead(): void {
  const original = server.state.getDocument.bind(server.state);
  server.state.getDocument = (path: string) => {
    const found = original(path);
    if (path === name) {
      reads += 1;
      server.state.getDocument = original;
      setImmediate(() => {
        const write = Write.fromObject({
          update: { name, fields: { price: { string_value: '99' } } },
          update_mask: { field_paths: ['price'] },
        });
        gaps.commit(server.state, { request: { writes: [write] } }, (err) => expect(err).toBeNull(), CommitResponse);
      });
    }
    return found;
  };
}

describe('Firebase edit product: conflict check in a transaction', () => {
  it(
    "a change that lands between the transaction's read and " +
      'its commit is not overwritten: 409 with the stale message',
    async () => {
      const { dataProvider } = createFirebaseProviders({ app });
      const { data: loaded } = await dataProvider.getOne<Product>('products', { id: 'p1' });
      raceNextRead();
      await expect(
        dataProvider.update('products', { id: 'p1', data: { ...loaded, name: 'Mine' }, previousData: loaded }),
      ).rejects.toMatchObject({ status: 409, message: messages.products.stale });
      expect(reads).toBe(1);
      expect((await getDoc(doc(getFirestore(app), 'products', 'p1'))).data()).toMatchObject({
        price: '99',
        name: 'Towel',
      });
    },
  );
});
