import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { rulesEnvironment, seed } from './env';

// firebase/storage.rules (which read the caller's users/{uid} in Firestore): one case per allow and per refusal.
let env: RulesTestEnvironment;
beforeAll(async () => {
  env = await rulesEnvironment('demo-rules-storage');
});
afterAll(async () => env?.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await env.clearStorage();
  await seed(env, async (ctx) => {
    await ctx
      .storage()
      .ref('Uploads/editor_seed_a.jpg')
      .put(new Uint8Array([1, 2, 3]), { contentType: 'image/jpeg' });
  });
});

const bucket = (uid: string | null) => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).storage();
/** An upload as a plain promise (the compat task is only a thenable). */
const put = (
  uid: string | null,
  path: string,
  bytes: number,
  contentType: string,
  customMetadata?: Record<string, string>,
) =>
  new Promise((resolve, reject) => {
    bucket(uid)
      .ref(path)
      .put(new Uint8Array(bytes), { contentType, ...(customMetadata ? { customMetadata } : {}) })
      .then(resolve, reject);
  });

describe('Uploads/', () => {
  it('active editors upload JPEG or PNG under Uploads/<their uid>_…', async () => {
    await assertSucceeds(put('editor', 'Uploads/editor_1_a.jpg', 10, 'image/jpeg'));
    await assertSucceeds(put('editor', 'Uploads/editor_2_b.png', 10, 'image/png'));
  });
  it('refuses other names, other types, files over 32 MiB', async () => {
    await assertFails(put('editor', 'Uploads/other_1_a.jpg', 10, 'image/jpeg'));
    await assertFails(put('editor', 'Uploads/editor1_a.jpg', 10, 'image/jpeg'));
    await assertFails(put('editor', 'Uploads/sub/editor_1_a.jpg', 10, 'image/jpeg'));
    await assertFails(put('editor', 'elsewhere/editor_1_a.jpg', 10, 'image/jpeg'));
    await assertFails(put('editor', 'Uploads/editor_1_a.gif', 10, 'image/gif'));
    await assertFails(put('editor', 'Uploads/editor_1_a.svg', 10, 'image/svg+xml'));
    await assertFails(put('editor', 'Uploads/editor_1_big.jpg', 32 * 1024 * 1024 + 1, 'image/jpeg'));
  });
  it('refuses custom metadata (the console sets none; it could name the download token or anything else)', async () => {
    await assertFails(put('editor', 'Uploads/editor_1_a.jpg', 10, 'image/jpeg', { owner: 'someone' }));
    await assertFails(put('editor', 'Uploads/editor_2_a.jpg', 10, 'image/jpeg', { contentType: 'text/html' }));
    await assertSucceeds(put('editor', 'Uploads/editor_3_a.jpg', 10, 'image/jpeg', {}));
  });
  it('refuses staff who are not editors, inactive editors and the signed-out', async () => {
    await assertFails(put('staff', 'Uploads/staff_1_a.jpg', 10, 'image/jpeg'));
    await assertFails(put('retired', 'Uploads/retired_1_a.jpg', 10, 'image/jpeg'));
    await assertFails(put(null, 'Uploads/anon_1_a.jpg', 10, 'image/jpeg'));
  });
  it('active staff read an image (its download address); inactive staff and the signed-out do not', async () => {
    await assertSucceeds(bucket('staff').ref('Uploads/editor_seed_a.jpg').getDownloadURL());
    await assertFails(bucket('retired').ref('Uploads/editor_seed_a.jpg').getDownloadURL());
    await assertFails(bucket('nobody').ref('Uploads/editor_seed_a.jpg').getDownloadURL());
    await assertFails(bucket(null).ref('Uploads/editor_seed_a.jpg').getDownloadURL());
  });
  it('a stored image is never replaced, deleted or listed', async () => {
    await assertFails(put('editor', 'Uploads/editor_seed_a.jpg', 10, 'image/jpeg'));
    await assertFails(bucket('editor').ref('Uploads/editor_seed_a.jpg').delete());
    await assertFails(bucket('admin').ref('Uploads').listAll());
  });
});
