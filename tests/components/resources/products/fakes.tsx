import { act } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import type { Product } from '../../../../domain/products';
import { productDescription } from '../../../../domain/productFields';
import { emptyValue, fieldsOfResource } from '../../../../domain/resourceDescription';
import type { UploadedImage } from '../../../../domain/uploads';
import type { AppDataProvider, UploadCallbacks, UploadHandle } from '../../../../base/backend';

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

/** Shows the router's current path, so a test can see where a screen navigated. */
export function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** A small PNG-named file for the pickers. */
export const imageFile = (name = 'towel.png', type = 'image/png'): File =>
  new File(['fake image bytes'], name, { type });
