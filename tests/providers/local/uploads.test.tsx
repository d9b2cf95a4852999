import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../domain/messages';
import { chunkPlan, chunkSize, type UploadedImage, type UploadState } from '../../../domain/uploads';
import { uploadImage } from '../../../providers/local/uploads';

// The browser's tus client against a fake tus server behind a fake XMLHttpRequest (jsdom's cannot reach a server).
// Answers come on a timer, so vi's fake timers drive both the transport and the client's retry waits.

interface Sent {
  method: string;
  /** The address's path (the client sends absolute addresses). */
  url: string;
  headers: Record<string, string>;
  /** Bytes in the body. */
  size: number;
  /** The Upload-Offset header, when sent. */
  offset?: number;
}

/** What the server does with one request instead of its normal answer. */
interface Step {
  /** Bytes of the body the server keeps before the answer (or the cut); default none when a status is given. */
  keep?: number;
  /** Answer this status (with `body`) after keeping `keep` bytes. */
  status?: number;
  body?: unknown;
  /** Never answer: the request stays open until the client aborts it. */
  hang?: boolean;
}

interface Upload {
  length: number;
  offset: number;
  pieces: Blob[];
}

const image: UploadedImage = {
  address: '/files/Uploads/photo.jpg',
  thumbnail: '/files/Uploads/photo_thumb.jpg',
  width: 10,
  height: 10,
};

class FakeTus {
  readonly uploads = new Map<string, Upload>();
  readonly log: Sent[] = [];
  readonly deleted: string[] = [];
  /** Whether a HEAD finishes a complete upload (as the server does), or answers it as it stands, with nothing. */
  headFinishes = true;
  /** Scripted behaviour by request number (0-based, counting every request). */
  readonly steps = new Map<number, Step>();
  private next = 1;

  receive(xhr: FakeXhr, body: Blob | null): void {
    const offsetHeader = xhr.requestHeaders['Upload-Offset'];
    const req: Sent = {
      method: xhr.method,
      url: new URL(xhr.url, window.location.href).pathname,
      headers: { ...xhr.requestHeaders },
      size: body?.size ?? 0,
      offset: offsetHeader === undefined ? undefined : Number(offsetHeader),
    };
    const step = this.steps.get(this.log.length);
    this.log.push(req);
    const keep = (u: Upload, n: number): void => {
      if (!body || n <= 0) return;
      u.pieces.push(body.slice(0, n));
      u.offset += n;
    };
    // Like @tus/server, a POST that carries the whole file still names the upload (Location).
    const finished = (u: Upload, status: number, location?: string): void =>
      xhr.answerLater(
        status,
        {
          'Upload-Offset': String(u.offset),
          'Content-Type': 'application/json',
          ...(location ? { Location: location } : {}),
        },
        JSON.stringify(image),
        req.size,
      );
    const scripted = (u: Upload | undefined, location?: string): boolean => {
      if (!step) return false;
      if (u) keep(u, step.keep ?? (step.status === undefined ? req.size : 0));
      if (step.hang) return true;
      if (step.status === undefined) return false;
      xhr.answerLater(
        step.status,
        location ? { Location: location } : {},
        step.body === undefined ? '' : JSON.stringify(step.body),
        req.size,
      );
      return true;
    };

    if (req.method === 'POST') {
      const id = `up${this.next++}`;
      const location = `/api/uploads/${id}`;
      const u: Upload = { length: Number(req.headers['Upload-Length']), offset: 0, pieces: [] };
      if (step?.status !== undefined && step.status >= 400) {
        xhr.answerLater(step.status, {}, JSON.stringify(step.body ?? ''), req.size);
        return;
      }
      this.uploads.set(id, u);
      if (scripted(u, location)) return;
      keep(u, req.size);
      if (u.offset === u.length) return finished(u, 201, location);
      xhr.answerLater(201, { Location: location, 'Upload-Offset': String(u.offset) }, '', req.size);
      return;
    }
    const id = req.url.split('/').pop()!;
    const u = this.uploads.get(id);
    if (!u) return xhr.answerLater(404, {}, JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), 0);
    if (req.method === 'HEAD') {
      const head = { 'Upload-Offset': String(u.offset), 'Upload-Length': String(u.length) };
      // As the server does for an upload all of whose bytes it holds but never finished (its instance died): it
      // finishes it now, and a HEAD carries the image in a header.
      const complete = u.offset === u.length;
      const finishing: Record<string, string> =
        complete && this.headFinishes ? { 'Upload-Image': JSON.stringify(image) } : {};
      return xhr.answerLater(200, { ...head, ...finishing }, '', 0);
    }
    if (req.method === 'DELETE') {
      this.uploads.delete(id);
      this.deleted.push(req.url);
      return xhr.answerLater(204, {}, '', 0);
    }
    // PATCH
    if (req.offset !== u.offset)
      return xhr.answerLater(
        409,
        {},
        JSON.stringify({ error: { code: 'upload', message: 'Offset conflict.' } }),
        req.size,
      );
    if (scripted(u)) return;
    keep(u, req.size);
    if (u.offset === u.length) return finished(u, 200);
    xhr.answerLater(204, { 'Upload-Offset': String(u.offset) }, '', req.size);
  }

  /** The requests of one method, in order. */
  sent(method: string): Sent[] {
    return this.log.filter((r) => r.method === method);
  }
}

let server: FakeTus;

/** Just what uploads.ts uses of XMLHttpRequest. */
class FakeXhr {
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  requestHeaders: Record<string, string> = {};
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders: Record<string, string> = {};
  private settled = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name] = value;
  }
  getResponseHeader(name: string): string | null {
    const key = Object.keys(this.responseHeaders).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? null : this.responseHeaders[key]!;
  }
  send(body: Blob | null = null): void {
    server.receive(this, body);
  }
  abort(): void {
    if (this.settled) return;
    this.settled = true;
    this.status = 0;
    this.onabort?.();
  }
  answerLater(status: number, headers: Record<string, string>, body: string, sent: number): void {
    setTimeout(() => {
      if (this.settled) return;
      this.settled = true;
      if (sent) this.upload.onprogress?.({ loaded: sent });
      this.status = status;
      this.responseHeaders = headers;
      this.responseText = body;
      this.onload?.();
    }, 0);
  }
}

/** A file whose every byte tells its position, so the server's copy can be checked byte for byte. */
function fileOf(size: number, name = 'photo.jpg'): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
  return new File([bytes], name, { type: 'image/jpeg' });
}

/** A blob's bytes (jsdom's Blob has no arrayBuffer(); FileReader needs real timers). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** True when the server holds exactly the file's bytes. */
async function serverHolds(file: File, u: Upload | undefined): Promise<boolean> {
  vi.useRealTimers();
  if (!u) return false;
  const [held, sent] = await Promise.all([bytesOf(new Blob(u.pieces)), bytesOf(file)]);
  return held.length === sent.length && held.every((b, i) => b === sent[i]);
}

function start(file: File) {
  const states: Array<[UploadState, string?]> = [];
  const progress: number[] = [];
  const handle = uploadImage(file, {
    onState: (s, m) => states.push(m === undefined ? [s] : [s, m]),
    onProgress: (n) => progress.push(n),
  });
  const outcome = handle.done.then(
    (v) => ({ image: v }),
    (err: Error) => ({ error: err.message }),
  );
  return { handle, states, progress, outcome };
}

/** Runs the transport and the client until nothing is left to do (an open request stays open). */
const settle = () => vi.runAllTimersAsync();

/** Sizes of a file sent in four chunks: 256 KiB, 512 KiB, 1 MiB and a last part of 700000 bytes. */
const LARGE = chunkSize(0) + chunkSize(1) + chunkSize(2) + 700_000;

beforeEach(() => {
  server = new FakeTus();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('browser tus client', () => {
  it('sends a small file in one POST with the tus headers, and answers the stored image', async () => {
    const file = fileOf(100_000, 'bild å.jpg');
    const { states, progress, outcome } = start(file);
    await settle();
    expect(await outcome).toEqual({ image });
    expect(server.log.map((r) => r.method)).toEqual(['POST']);
    const [post] = server.log;
    expect(post).toMatchObject({ url: '/api/uploads', size: 100_000 });
    expect(post!.headers).toMatchObject({
      'Tus-Resumable': '1.0.0',
      'Upload-Length': '100000',
      'Content-Type': 'application/offset+octet-stream',
    });
    const [, name64] = /filename ([^,]+)/.exec(post!.headers['Upload-Metadata']!)!;
    expect(decodeURIComponent(escape(atob(name64!)))).toBe('bild å.jpg');
    expect(states).toEqual([['running'], ['success']]);
    expect(progress.at(-1)).toBe(100_000);
    expect(await serverHolds(file, server.uploads.get('up1'))).toBe(true);
  });

  it('sends a large file in chunks whose sizes follow chunkPlan, each at the offset the server holds', async () => {
    const file = fileOf(LARGE);
    const { states, outcome } = start(file);
    await settle();
    expect(await outcome).toEqual({ image });
    expect(server.log.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
    expect(server.log.map((r) => r.size)).toEqual(chunkPlan(LARGE));
    expect(chunkPlan(LARGE)).toEqual([262_144, 524_288, 1_048_576, 700_000]);
    expect(server.sent('PATCH').map((r) => r.url)).toEqual(Array(3).fill('/api/uploads/up1'));
    expect(server.sent('PATCH').map((r) => r.offset)).toEqual([262_144, 786_432, 1_835_008]);
    expect(states).toEqual([['running'], ['success']]);
    expect(await serverHolds(file, server.uploads.get('up1'))).toBe(true);
  });

  it.each([
    ['kept nothing', 0],
    ['kept part of the chunk', 400_000],
  ])(
    'retries a chunk answered 503 after a HEAD, re-sending from the server offset when the server %s',
    async (_name, kept) => {
      const file = fileOf(LARGE);
      server.steps.set(2, { keep: kept, status: 503, body: { error: { code: 'unavailable', message: 'Try later.' } } });
      const { states, outcome } = start(file);
      await settle();
      expect(await outcome).toEqual({ image });
      expect(server.log.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'HEAD', 'PATCH', 'PATCH']);
      const failed = server.log[2]!;
      const retried = server.log[4]!;
      const at = failed.offset! + kept;
      expect(retried.offset).toBe(at);
      // Nothing the server acknowledged goes again: the retry starts where the server is, and what is sent twice is at
      // most the part of the one failed chunk the server did not keep.
      const sent = server.log.filter((r) => r.method !== 'HEAD').reduce((n, r) => n + r.size, 0);
      expect(sent - LARGE).toBe(failed.size - kept);
      expect(sent - LARGE).toBeLessThanOrEqual(chunkSize(2));
      expect(server.log.some((r) => r.method === 'PATCH' && r.size > chunkSize(3))).toBe(false);
      expect(states).toEqual([['running'], ['success']]);
      expect(await serverHolds(file, server.uploads.get('up1'))).toBe(true);
    },
  );

  it('gets its image from the instance that finishes an upload whose last chunk was kept, never answered', async () => {
    const file = fileOf(LARGE);
    // The last PATCH: every byte kept, then the instance dies while finishing (no answer of its own: a proxy's 502).
    server.steps.set(3, { keep: 700_000, status: 502 });
    const { states, outcome } = start(file);
    await settle();
    expect(await outcome).toEqual({ image });
    expect(server.log.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH', 'HEAD']);
    expect(states).toEqual([['running'], ['success']]);
  });

  it('ends with an error, not an exception, when the last answer carries no image', async () => {
    const file = fileOf(LARGE);
    server.headFinishes = false;
    server.steps.set(3, { keep: 700_000, status: 502 });
    const { states, outcome } = start(file);
    await settle();
    const failed = messages.uploads.failed;
    expect(await outcome).toEqual({ error: failed });
    expect(states).toEqual([['running'], ['error', failed]]);
  });

  it('gives up on a 503 only after the retry budget, with the state error', async () => {
    const file = fileOf(1000);
    for (let n = 0; n < 40; n++)
      server.steps.set(n, { status: 503, body: { error: { code: 'unavailable', message: 'Try later.' } } });
    const { states, outcome } = start(file);
    await vi.advanceTimersByTimeAsync(590_000);
    expect(states).toEqual([['running']]);
    await settle();
    expect(await outcome).toEqual({ error: 'Try later.' });
    expect(states).toEqual([['running'], ['error', 'Try later.']]);
    expect(server.log.every((r) => r.method === 'POST')).toBe(true);
  });

  it('cancels a created upload: stops sending, sends DELETE for it and ends canceled', async () => {
    const file = fileOf(LARGE);
    server.steps.set(2, { keep: 100_000, hang: true });
    const { handle, states, outcome } = start(file);
    await settle();
    expect(server.log).toHaveLength(3);
    handle.cancel();
    await settle();
    expect(await outcome).toEqual({ error: 'Upload canceled.' });
    expect(states).toEqual([['running'], ['canceled']]);
    expect(server.log.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'DELETE']);
    expect(server.log[3]).toMatchObject({ url: '/api/uploads/up1', headers: { 'Tus-Resumable': '1.0.0' } });
    expect(server.uploads.has('up1')).toBe(false);
  });

  it(
    'cancels before the server named the upload: no ' + 'DELETE (the staging sweep removes it), still canceled',
    async () => {
      server.steps.set(0, { hang: true });
      const { handle, states, outcome } = start(fileOf(LARGE));
      await settle();
      handle.cancel();
      await settle();
      expect(await outcome).toEqual({ error: 'Upload canceled.' });
      expect(states).toEqual([['running'], ['canceled']]);
      expect(server.log.map((r) => r.method)).toEqual(['POST']);
    },
  );

  it('pauses without sending anything, and resumes from the offset the server holds', async () => {
    const file = fileOf(LARGE);
    server.steps.set(2, { keep: 300_000, hang: true });
    const { handle, states, outcome } = start(file);
    await settle();
    expect(server.log).toHaveLength(3);
    handle.pause();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    await settle();
    expect(server.log).toHaveLength(3);
    expect(states).toEqual([['running'], ['paused']]);

    handle.resume();
    await settle();
    expect(await outcome).toEqual({ image });
    expect(states).toEqual([['running'], ['paused'], ['running'], ['success']]);
    expect(server.log.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'HEAD', 'PATCH', 'PATCH']);
    // The chunk cut by the pause began at 786432; the server kept 300000 bytes of it, so sending goes on from there.
    expect(server.log[2]!.offset).toBe(786_432);
    expect(server.log[4]!.offset).toBe(786_432 + 300_000);
    expect(server.log.filter((r) => r.method === 'PATCH').every((r) => r.size <= chunkSize(3))).toBe(true);
    expect(await serverHolds(file, server.uploads.get('up1'))).toBe(true);
  });

  it("ends in error with the server's message when the file is refused with 415", async () => {
    server.steps.set(0, { status: 415, body: { error: { code: 'upload', message: messages.uploads.onlyJpegPng } } });
    const { states, outcome } = start(fileOf(5000, 'photo.gif'));
    await settle();
    expect(await outcome).toEqual({ error: messages.uploads.onlyJpegPng });
    expect(states).toEqual([['running'], ['error', messages.uploads.onlyJpegPng]]);
    expect(server.log.map((r) => r.method)).toEqual(['POST']);
  });

  it("ends in error with the server's message when the last chunk is refused with 415, without retrying", async () => {
    const file = fileOf(LARGE);
    server.steps.set(3, {
      keep: 0,
      status: 415,
      body: { error: { code: 'upload', message: messages.uploads.damaged } },
    });
    const { states, outcome } = start(file);
    await settle();
    expect(await outcome).toEqual({ error: messages.uploads.damaged });
    expect(states).toEqual([['running'], ['error', messages.uploads.damaged]]);
    expect(server.log.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
  });
});
