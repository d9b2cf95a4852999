import { chunkSize, isResumable, isRetryable, retryBudget, retryDelay, type UploadedImage, type UploadState } from '../../domain/uploads';
import type { UploadCallbacks, UploadHandle } from '../types';
import { currentMessages, getLocale } from '../../src/locale';

export type { UploadCallbacks, UploadHandle };

const ENDPOINT = '/api/uploads';

interface Answer {
  status: number;
  header(name: string): string | null;
  body: string;
}

class Stop extends Error {}

/** One XHR (fetch cannot report upload progress); status 0 when there was no answer. */
function send(method: string, url: string, headers: Record<string, string>, body: Blob | null, onSent: (n: number) => void, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept-Language', getLocale());
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onSent(e.loaded);
    const abort = (): void => xhr.abort();
    const answer = (): void => {
      // One listener per request, gone with its answer: many retries on one signal must not pile them up.
      signal.removeEventListener('abort', abort);
      resolve({ status: xhr.status, header: (n) => xhr.getResponseHeader(n), body: xhr.responseText });
    };
    xhr.onload = answer;
    xhr.onerror = answer;
    xhr.onabort = answer;
    signal.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}

const message = (a: Answer, fallback: string): string => {
  try {
    return (JSON.parse(a.body) as { error?: { message?: string } }).error?.message ?? fallback;
  } catch {
    return a.status === 413 ? currentMessages().uploads.tooLarge : fallback;
  }
};

/** Uploads an image with tus 1.0.0: one request up to 256 KiB, else chunks from 256 KiB doubling to 32 MiB; resumes after pause or failure. */
export function uploadImage(file: File, cb: UploadCallbacks = {}): UploadHandle {
  let location: string | null = null;
  let offset = 0;
  let chunk = 0;
  let control = new AbortController();
  let paused = false;
  let canceled = false;
  let wake: (() => void) | null = null;
  const state = (s: UploadState, m?: string): void => cb.onState?.(s, m);
  const meta = `filename ${btoa(unescape(encodeURIComponent(file.name)))},filetype ${btoa(file.type || 'application/octet-stream')}`;

  const waitWhilePaused = async (): Promise<void> => {
    while (paused && !canceled) await new Promise<void>((r) => (wake = r));
    if (canceled) throw new Stop();
  };

  /** Sends a request, retrying 408 / 429 / 5xx / no answer with backoff, within the upload budget. */
  const withRetry = async (make: () => Promise<Answer>): Promise<Answer> => {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      await waitWhilePaused();
      const a = await make();
      if (canceled) throw new Stop();
      if (!paused && (!isRetryable(a.status) || Date.now() - started > retryBudget('upload'))) return a;
      if (!paused) await new Promise((r) => setTimeout(r, retryDelay(attempt, Math.random())));
      await waitWhilePaused();
      // After a cut or a pause the server may hold part of the chunk: ask before sending again, so at most one chunk is re-sent.
      if (location) {
        const head = await send('HEAD', location, { 'Tus-Resumable': '1.0.0' }, null, () => undefined, control.signal);
        const known = Number(head.header('Upload-Offset'));
        if (head.status === 200 && Number.isFinite(known)) offset = known;
      }
    }
  };

  const run = async (): Promise<UploadedImage> => {
    state('running');
    cb.onProgress?.(0, file.size);
    const first = isResumable(file.size) ? chunkSize(0) : file.size;
    let last = await withRetry(() =>
      send('POST', ENDPOINT, {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(file.size),
        'Upload-Metadata': meta,
        'Content-Type': 'application/offset+octet-stream',
      }, file.slice(0, first), (n) => cb.onProgress?.(Math.min(n, first), file.size), control.signal),
    );
    if (last.status !== 201) throw new Error(message(last, currentMessages().uploads.failed));
    location = last.header('Location');
    offset = Number(last.header('Upload-Offset') ?? first);
    chunk = 1;
    while (offset < file.size) {
      const size = Math.min(chunkSize(chunk), file.size - offset);
      // A retry may start further on (the HEAD above moved `offset`), so progress counts from where each attempt starts.
      last = await withRetry(() => {
        const at = offset;
        return send('PATCH', location!, {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(at),
          'Content-Type': 'application/offset+octet-stream',
        }, file.slice(at, at + size), (n) => cb.onProgress?.(at + n, file.size), control.signal);
      });
      if (last.status !== 204 && last.status !== 200) throw new Error(message(last, currentMessages().uploads.failed));
      offset = Number(last.header('Upload-Offset') ?? offset + size);
      chunk++;
    }
    cb.onProgress?.(file.size, file.size);
    return JSON.parse(last.body) as UploadedImage;
  };

  const done = run().then(
    (image) => {
      state('success');
      return image;
    },
    (err: unknown) => {
      if (err instanceof Stop || canceled) {
        state('canceled');
        throw new Error('Upload canceled.');
      }
      const m = err instanceof Error ? err.message : currentMessages().uploads.failed;
      state('error', m);
      throw err instanceof Error ? err : new Error(m);
    },
  );
  return {
    pause() {
      if (paused || canceled) return;
      paused = true;
      control.abort();
      state('paused');
    },
    resume() {
      if (!paused || canceled) return;
      paused = false;
      control = new AbortController();
      state('running');
      wake?.();
    },
    cancel() {
      canceled = true;
      control.abort();
      wake?.();
      // Tell the server to drop what it staged; the sweep catches it otherwise.
      if (location) void send('DELETE', location, { 'Tus-Resumable': '1.0.0' }, null, () => undefined, new AbortController().signal);
    },
    done,
  };
}
