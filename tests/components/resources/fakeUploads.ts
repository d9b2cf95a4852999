import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { UploadedImage } from '../../../domain/uploads';
import type { UploadCallbacks, UploadHandle } from '../../../base/backend';

// The data provider's uploadImage, faked for the images kind's slots: each upload runs until the test finishes or
// fails it.

/** One upload the fake started: its file, its handle, and controls to finish or fail it. */
export interface FakeUpload {
  file: File;
  handle: UploadHandle & {
    pause: ReturnType<typeof vi.fn>;
    resume: ReturnType<typeof vi.fn>;
    cancel: ReturnType<typeof vi.fn>;
  };
  progress: (sent: number) => Promise<void>;
  finish: (address: string) => Promise<void>;
  fail: (message: string) => Promise<void>;
}

/** A fake `uploadImage` whose uploads run until the test finishes or fails them. */
export function fakeUploads() {
  const started: FakeUpload[] = [];
  const uploadImage = vi.fn(async (file: File, cb: UploadCallbacks = {}): Promise<UploadHandle> => {
    let resolve: (image: UploadedImage) => void = () => undefined;
    let reject: (err: Error) => void = () => undefined;
    const done = new Promise<UploadedImage>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    done.catch(() => undefined);
    const handle = {
      pause: vi.fn(() => cb.onState?.('paused')),
      resume: vi.fn(() => cb.onState?.('running')),
      cancel: vi.fn(() => {
        cb.onState?.('canceled');
        reject(new Error('Upload canceled.'));
      }),
      done,
    };
    cb.onState?.('running');
    started.push({
      file,
      handle,
      progress: (sent) => act(async () => cb.onProgress?.(sent, file.size)),
      finish: (address) =>
        act(async () => {
          cb.onState?.('success');
          resolve({ address, thumbnail: `${address}.thumb.webp`, width: 10, height: 10 });
        }),
      fail: (message) =>
        act(async () => {
          cb.onState?.('error', message);
          reject(new Error(message));
        }),
    });
    return handle;
  });
  return { uploadImage, started };
}

/** A small PNG-named file for the pickers. */
export const imageFile = (name = 'towel.png', type = 'image/png'): File =>
  new File(['fake image bytes'], name, { type });
