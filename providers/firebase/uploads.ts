import type { FirebaseApp } from 'firebase/app';
import {
  getBytes,
  getDownloadURL,
  getMetadata,
  connectStorageEmulator,
  getStorage,
  ref,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
  type UploadTaskSnapshot,
} from 'firebase/storage';
import { RETRY_OPERATION_MS, RETRY_UPLOAD_MS } from '../../domain/constants';
import type { UploadedImage, UploadState } from '../../domain/uploads';
import { currentMessages } from '../shared/locale';
import type { UploadCallbacks, UploadHandle } from '../../base/backend';
import { FirebaseBackendError, toBackendError } from './errors';
import { emulatorOf } from './emulators';

/** What the storage rules accept (firebase/storage.rules): JPEG or PNG, at most 32 MiB. */
const TYPES = new Set(['image/jpeg', 'image/png']);
const MAX_BYTES = 32 * 1024 * 1024;

const connectedStorage = new WeakSet<FirebaseStorage>();

/** The bucket with our retry limits (uploads 600000 ms, other operations 120000 ms), on the build's emulator if any. */
export function storageOf(app: FirebaseApp): FirebaseStorage {
  const storage = getStorage(app);
  const emulator = emulatorOf(app, 'storage');
  if (emulator && !connectedStorage.has(storage)) {
    connectStorageEmulator(storage, emulator.host, emulator.port);
    connectedStorage.add(storage);
  }
  storage.maxUploadRetryTime = RETRY_UPLOAD_MS;
  storage.maxOperationRetryTime = RETRY_OPERATION_MS;
  return storage;
}

/** Uploads/<uid>_<unique id>_<original name>; a slash in the name would make a folder the rules do not allow. */
export const uploadPath = (uid: string, id: string, fileName: string): string =>
  `Uploads/${uid}_${id}_${fileName.replace(/[/\\]/g, '_') || 'image'}`;

/** The picture's size in pixels, where the browser can tell (0 otherwise: nothing on screen depends on it). */
async function pixels(file: File): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}

/**
 * uploadBytesResumable (one request up to 256 KiB, else chunks from 256 KiB doubling to 32 MiB, as
 * the SDK does) to the caller's Uploads/ name, then getDownloadURL; pause, resume and cancel drive the SDK's task.
 */
export function uploadImage(storage: FirebaseStorage, uid: string, file: File, cb: UploadCallbacks = {}): UploadHandle {
  const state = (s: UploadState, m?: string): void => cb.onState?.(s, m);
  const refuse = (message: string): UploadHandle => {
    state('error', message);
    const done = Promise.reject(new FirebaseBackendError(400, 'validation', message));
    return { pause: () => undefined, resume: () => undefined, cancel: () => undefined, done };
  };
  // The rules refuse these as well, after the bytes went up; saying so first spares the wait.
  if (!TYPES.has(file.type)) return refuse(currentMessages().uploads.onlyJpegPng);
  if (file.size > MAX_BYTES) return refuse(currentMessages().uploads.tooLarge);

  const task = uploadBytesResumable(ref(storage, uploadPath(uid, crypto.randomUUID(), file.name)), file, {
    contentType: file.type,
  });
  let canceled = false;
  state('running');
  cb.onProgress?.(0, file.size);
  task.on('state_changed', (snap) => {
    cb.onProgress?.(snap.bytesTransferred, snap.totalBytes);
  });
  // The task is a thenable typed loosely; a real promise of its snapshot keeps the types.
  const finished = new Promise<UploadTaskSnapshot>((resolve, reject) => void task.then(resolve, reject));
  const done = finished.then(
    async (snap): Promise<UploadedImage> => {
      const address = await getDownloadURL(snap.ref);
      state('success');
      return { address, thumbnail: address, ...(await pixels(file)) };
    },
    (err: unknown): never => {
      const code = err && typeof err === 'object' && 'code' in err ? err.code : undefined;
      if (canceled || code === 'storage/canceled') {
        state('canceled');
        throw new Error('Upload canceled.');
      }
      const failure = toBackendError(err);
      const message = failure.status === 403 ? currentMessages().errors.forbidden : currentMessages().uploads.failed;
      state('error', message);
      throw new FirebaseBackendError(failure.status, failure.code, message);
    },
  );
  return {
    pause() {
      if (task.pause()) state('paused');
    },
    resume() {
      if (task.resume()) state('running');
    },
    cancel() {
      canceled = true;
      task.cancel();
    },
    done,
  };
}

/**
 * Duplicate: copies each image (a download address) to a new object under the caller's Uploads/ name, keeping the
 * original's name and type, and answers the copies' download addresses in the same order.
 */
export async function copyImages(
  storage: FirebaseStorage,
  uid: string,
  addresses: readonly string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const address of addresses) {
    const original = ref(storage, address);
    const [bytes, meta] = await Promise.all([getBytes(original), getMetadata(original)]);
    // Uploads/<uid>_<id>_<name>: the name after the second underscore.
    const name = /^[^_]+_[^_]+_(.+)$/.exec(original.name)?.[1] ?? original.name;
    const copy = await uploadBytes(ref(storage, uploadPath(uid, crypto.randomUUID(), name)), bytes, {
      contentType: meta.contentType ?? 'image/jpeg',
    });
    out.push(await getDownloadURL(copy.ref));
  }
  return out;
}
