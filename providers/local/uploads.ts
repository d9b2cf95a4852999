import { Upload, type DetailedError } from 'tus-js-client';
import { chunkSize, isResumable, type UploadedImage, type UploadState } from '../../domain/uploads';
import { isRetryable, retryBudget, retryWait } from '../../domain/retry';
import type { UploadCallbacks, UploadHandle } from '../../base/backend';
import { currentLocale, currentMessages } from '../shared/locale';

export type { UploadCallbacks, UploadHandle };

const ENDPOINT = '/api/uploads';

/**
 * Enough waits to outlast the upload budget (1 s doubling to 32 s: the budget of 600 s takes 24); whether a failure
 * is tried again at all is `onShouldRetry`'s, which also ends the tries once the budget is spent.
 */
const WAITS = 40;

/** The server's own message in a refused answer, else the fallback (413 from a proxy has no JSON of ours). */
function messageOf(err: Error | DetailedError): string {
  const m = currentMessages().uploads;
  const answer = 'originalResponse' in err ? err.originalResponse : null;
  if (!answer) return m.failed;
  try {
    return (JSON.parse(answer.getBody()) as { error?: { message?: string } }).error?.message ?? m.failed;
  } catch {
    return answer.getStatus() === 413 ? m.tooLarge : m.failed;
  }
}

/** The stored image an answer carries, or null: text that is not one (an empty body, say) is not an error. */
function imageOf(text: string | null | undefined): UploadedImage | null {
  if (!text) return null;
  try {
    const image = JSON.parse(text) as Partial<UploadedImage> | null;
    return typeof image?.address === 'string' ? (image as UploadedImage) : null;
  } catch {
    return null;
  }
}

const statusOf = (err: Error | DetailedError): number =>
  'originalResponse' in err ? (err.originalResponse?.getStatus() ?? 0) : 0;

/**
 * Uploads an image with tus 1.0.0 through tus-js-client: one request up to 256 KiB, else chunks from 256 KiB doubling
 * to 32 MiB (the library sends a fixed size, so each finished chunk sets the next one's); no answer, 408, 429 and 5xx
 * are tried again for up to 600 s; pause and resume continue from the offset the server holds.
 */
export function uploadImage(file: File, cb: UploadCallbacks = {}): UploadHandle {
  const state = (s: UploadState, m?: string): void => cb.onState?.(s, m);
  let paused = false;
  let canceled = false;
  let chunk = 0;
  /** When the current run of failures began: the budget counts from the first failure since the last progress. */
  let failingSince = 0;
  let settle!: { resolve: (image: UploadedImage) => void; reject: (err: Error) => void };
  const done = new Promise<UploadedImage>((resolve, reject) => (settle = { resolve, reject }));

  const upload = new Upload(file, {
    // Absolute, so the library can resolve the Location the server answers against it.
    endpoint: new URL(ENDPOINT, window.location.href).href,
    chunkSize: isResumable(file.size) ? chunkSize(0) : file.size,
    uploadDataDuringCreation: true,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
    headers: { 'Accept-Language': currentLocale() },
    // Nothing kept in localStorage: a new page starts a new upload (the staging sweep removes the old one).
    storeFingerprintForResuming: false,
    retryDelays: Array.from({ length: WAITS }, (_, i) => retryWait(i, Math.random())),
    onShouldRetry: (err, attempt) => {
      const now = Date.now();
      if (attempt === 0) failingSince = now;
      return isRetryable(statusOf(err)) && now - failingSince <= retryBudget('upload');
    },
    onProgress: (sent, total) => cb.onProgress?.(sent, total),
    onChunkComplete: () => {
      chunk++;
      upload.options.chunkSize = chunkSize(chunk);
    },
    onSuccess: ({ lastResponse }) => {
      // The last PATCH (or the POST) answers the image as its body. An upload resumed after its instance died while
      // finishing it ends on the HEAD that found it complete: that instance finished it and answers the image in the
      // Upload-Image header (a HEAD has no body).
      const image = imageOf(lastResponse.getBody()) ?? imageOf(lastResponse.getHeader('Upload-Image'));
      if (!image) {
        const m = currentMessages().uploads.failed;
        state('error', m);
        settle.reject(new Error(m));
        return;
      }
      cb.onProgress?.(file.size, file.size);
      state('success');
      settle.resolve(image);
    },
    onError: (err) => {
      const m = messageOf(err);
      state('error', m);
      settle.reject(new Error(m));
    },
  });

  state('running');
  cb.onProgress?.(0, file.size);
  upload.start();
  return {
    pause() {
      if (paused || canceled) return;
      paused = true;
      void upload.abort();
      state('paused');
    },
    resume() {
      if (!paused || canceled) return;
      paused = false;
      state('running');
      // The library asks the server for its offset first (HEAD), so at most one chunk is sent again.
      upload.start();
    },
    cancel() {
      if (canceled) return;
      canceled = true;
      // With the upload's address known, the library asks the server to drop what it staged (DELETE); the staging
      // sweep catches it otherwise.
      void upload.abort(true).catch(() => undefined);
      state('canceled');
      settle.reject(new Error('Upload canceled.'));
    },
    done,
  };
}
