import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuth } from 'firebase/auth';
import { getMetadata, ref } from 'firebase/storage';
import { storageOf } from '../../../providers/firebase/uploads';
import { messages } from '../../../domain/messages';
import type { UploadState } from '../../../domain/uploads';
import type { UploadHandle } from '../../../base/backend';
import { clearAccounts } from '../helpers/auth';
import { seedStaff, startBackend, type Backend } from '../helpers/backend';
import { description as careguides } from '../../../resources/careguides/description';

// Image uploads of the Firebase data provider (uploadBytesResumable, then getDownloadURL) against firebase-tools'
// Storage emulator started in process without its rules runtime (tests/firebase/storageEmulator.ts relies on
// firebase-tools internals; rules are not evaluated here). Node environment: Node's own File and fetch.
let b: Backend;
let uid: string;

beforeAll(async () => {
  // Care guides too: a described resource with an image and Duplicate turned on.
  b = await startBackend([careguides]);
  await clearAccounts();
  uid = await seedStaff(b.other(), { email: 'ed@example.com', password: 'secret-1', isEditor: true });
  await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
});
afterAll(async () => b.stop());
// 'needs a signed-in account' signs out; every other test uploads as the editor, in whatever order they run.
beforeEach(async () => {
  if (!getAuth(b.app).currentUser) await b.authProvider.login({ email: 'ed@example.com', password: 'secret-1' });
});

/** A file of n bytes whose content is recognisable (each byte is its index mod 251). */
const fileOf = (n: number, name = 'photo.jpg', type = 'image/jpeg') => {
  const bytes = new Uint8Array(n).map((_, i) => i % 251);
  return { file: new File([bytes], name, { type }), bytes };
};

interface Recorded {
  states: UploadState[];
  progress: [number, number][];
  handle: UploadHandle;
}
const start = async (file: File, onProgress?: (sent: number, rec: Recorded) => void): Promise<Recorded> => {
  const rec = { states: [], progress: [] } as unknown as Recorded;
  rec.handle = await b.dataProvider.uploadImage(file, {
    onState: (s) => rec.states.push(s),
    onProgress: (sent, total) => {
      rec.progress.push([sent, total]);
      onProgress?.(sent, rec);
    },
  });
  return rec;
};
/**
 * Whether the download address serves exactly these bytes (compared as buffers: deep equality of megabytes is slow).
 */
const serves = async (address: string, bytes: Uint8Array) =>
  Buffer.from(await (await fetch(address)).arrayBuffer()).equals(Buffer.from(bytes));
/**
 * What the Storage rules hold an upload to besides its name and size (firebase/storage.rules): its declared type, and
 * no custom metadata (the emulator lists the download token it made among the custom keys; the rules do not see it).
 */
const expectFitsRules = async (address: string, type: string) => {
  const meta = await getMetadata(ref(storageOf(b.app), address));
  expect(meta.contentType).toBe(type);
  expect(Object.keys(meta.customMetadata ?? {}).filter((k) => k !== 'firebaseStorageDownloadTokens')).toEqual([]);
};

describe('Firebase uploads (Storage emulator)', () => {
  it(
    'a small image goes up in one request under ' + 'Uploads/<uid>_<unique id>_<name>, with a download address',
    async () => {
      const { file, bytes } = fileOf(10_000);
      const rec = await start(file);
      const image = await rec.handle.done;
      const path = decodeURIComponent(new URL(image.address).pathname.split('/o/')[1]!);
      expect(path).toMatch(new RegExp(`^Uploads/${uid}_[0-9a-f-]{36}_photo\\.jpg$`));
      expect(await serves(image.address, bytes)).toBe(true);
      await expectFitsRules(image.address, 'image/jpeg');
      expect(rec.states).toEqual(['running', 'success']);
      expect(rec.progress.at(-1)).toEqual([10_000, 10_000]);
    },
  );

  it('two uploads of one file name get different names', async () => {
    const a = await (await start(fileOf(100).file)).handle.done;
    const c = await (await start(fileOf(100).file)).handle.done;
    expect(a.address).not.toBe(c.address);
  });

  it('a large image goes up in growing chunks, reporting progress up to the total', async () => {
    const size = 3 * 1024 * 1024 + 17;
    const { file, bytes } = fileOf(size, 'big.png', 'image/png');
    const rec = await start(file);
    const image = await rec.handle.done;
    expect(await serves(image.address, bytes)).toBe(true);
    const sent = rec.progress.map(([s]) => s);
    expect(sent.at(-1)).toBe(size);
    // 256 KiB first, then more than one further step (resumable upload above 262144 bytes).
    expect(sent).toContain(262_144);
    expect(new Set(sent).size).toBeGreaterThan(3);
    expect(sent).toEqual([...sent].sort((x, y) => x - y));
  });

  it('pause stops sending after the current chunk, resume finishes the same upload', async () => {
    const size = 4 * 1024 * 1024;
    const { file, bytes } = fileOf(size);
    let pausedAt = -1; // the number of progress reports when it paused
    const rec = await start(file, (sentNow, r) => {
      if (pausedAt < 0 && sentNow > 0 && sentNow < size) {
        pausedAt = r.progress.length;
        r.handle.pause();
      }
    });
    // The SDK says so once it has stopped (the chunk under way cancelled): one more progress report.
    await vi.waitFor(() => expect(pausedAt >= 0 && rec.progress.length > pausedAt).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    expect(rec.states.at(-1)).toBe('paused');
    const whilePaused = rec.progress.at(-1)![0];
    expect(whilePaused).toBeLessThan(size);
    const reports = rec.progress.length;
    rec.handle.resume();
    // Resuming starts from where it stopped (its first report): nothing was sent while paused.
    await vi.waitFor(() => expect(rec.progress.length).toBeGreaterThan(reports), { timeout: 10_000, interval: 20 });
    expect(rec.progress[reports]![0]).toBe(whilePaused);
    const image = await rec.handle.done;
    expect(await serves(image.address, bytes)).toBe(true);
    expect(rec.states).toEqual(['running', 'paused', 'running', 'success']);
  });

  it('cancel stops the upload and reports it canceled', async () => {
    const size = 4 * 1024 * 1024;
    let canceled = false;
    const rec = await start(fileOf(size).file, (sentNow, r) => {
      if (!canceled && sentNow > 0) {
        canceled = true;
        r.handle.cancel();
      }
    });
    await expect(rec.handle.done).rejects.toThrow();
    expect(rec.states.at(-1)).toBe('canceled');
    expect(rec.progress.at(-1)![0]).toBeLessThan(size);
  });

  it('refuses a file that is not JPEG or PNG before sending anything', async () => {
    const rec = await start(fileOf(100, 'notes.gif', 'image/gif').file);
    await expect(rec.handle.done).rejects.toMatchObject({ status: 400, message: messages.uploads.onlyJpegPng });
    expect(rec.states).toEqual(['error']);
  });

  it('needs a signed-in account', async () => {
    await getAuth(b.app).signOut();
    await expect(b.dataProvider.uploadImage(fileOf(100).file)).rejects.toMatchObject({ status: 401 });
  });

  it(
    'Duplicate copies each image of a product to a new ' + 'object of the caller, with the same bytes and name',
    async () => {
      const { file, bytes } = fileOf(20_000, 'runner.jpg');
      const image = await (await start(file)).handle.done;
      // The form sends the schedule too (null): the Firebase provider leaves it out, as it has no scheduler.
      const { data } = await b.dataProvider.create('products', {
        data: {
          sku: 'FB-DUP-1',
          name: 'Runner',
          details: 'Linen',
          price: '9',
          active: true,
          category: 'Linen',
          mc: 'Linen care',
          images: [image.address],
          activeFrom: null,
          activeUntil: null,
        },
      });
      const copies = (await b.dataProvider.duplicateImages('products', String(data.id))).images!;
      expect(copies.images).toHaveLength(1);
      expect(copies.images[0]).not.toBe(image.address);
      expect(copies.thumbnails).toEqual(copies.images);
      const path = decodeURIComponent(new URL(copies.images[0]!).pathname.split('/o/')[1]!);
      expect(path).toMatch(new RegExp(`^Uploads/${uid}_[0-9a-f-]{36}_runner\\.jpg$`));
      expect(await serves(copies.images[0]!, bytes)).toBe(true);
      await expectFitsRules(copies.images[0]!, 'image/jpeg');
      // The original is still there, unchanged.
      expect(await serves(image.address, bytes)).toBe(true);
      expect(await b.dataProvider.scheduleSettings()).toEqual({ timeZone: '', available: false });
    },
  );

  it("Duplicate copies a described record's images (care guides) to new objects of the caller", async () => {
    expect(careguides.duplicate).toBe(true);
    const { file, bytes } = fileOf(5_000, 'guide.jpg');
    const image = await (await start(file)).handle.done;
    const { data } = await b.dataProvider.create('careguides', {
      data: { title: 'Linen wash', body: 'Cold', fabric: 'linen', picture: [image.address], translations: {} },
    });
    const copies = await b.dataProvider.duplicateImages('careguides', String(data.id));
    expect(Object.keys(copies)).toEqual(['picture']);
    const copy = copies.picture!.images[0]!;
    expect(copy).not.toBe(image.address);
    expect(decodeURIComponent(new URL(copy).pathname.split('/o/')[1]!)).toMatch(
      new RegExp(`^Uploads/${uid}_[0-9a-f-]{36}_guide\\.jpg$`),
    );
    expect(await serves(copy, bytes)).toBe(true);
    expect(await serves(image.address, bytes)).toBe(true);
  });
});
