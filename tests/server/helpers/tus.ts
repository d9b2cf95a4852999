import * as tus from 'tus-js-client';
import type { TestApp } from './app.js';

export interface TusResult {
  ok: boolean;
  status: number;
  body: string;
  url: string | null;
  /** The last answer's Upload-Image header: the stored image, when a HEAD finished the upload. */
  image?: string | null;
}

/**
 * Uploads bytes with the real tus-js-client as a signed-in user; settles with the last answer, or when `stopWhen`
 * aborts it.
 */
export function tusUpload(
  t: TestApp,
  cookie: string,
  data: Buffer,
  opts: {
    name?: string;
    chunkSize?: number;
    uploadUrl?: string;
    stopWhen?: (u: tus.Upload) => boolean;
    retryDelays?: number[];
    /** Runs before each request goes out; the request waits for its promise (to hold the client at an exact point). */
    onBeforeRequest?: (req: tus.HttpRequest) => void | Promise<void>;
  } = {},
): Promise<TusResult> {
  return new Promise((resolve) => {
    const upload = new tus.Upload(data, {
      endpoint: `${t.baseUrl}/api/uploads`,
      uploadUrl: opts.uploadUrl,
      headers: { cookie, origin: new URL(t.publicUrl).origin },
      chunkSize: opts.chunkSize ?? 262144,
      uploadDataDuringCreation: true,
      retryDelays: opts.retryDelays ?? [],
      metadata: { filename: opts.name ?? 'photo.jpg', filetype: 'image/jpeg' },
      onBeforeRequest: opts.onBeforeRequest,
      onError: (err) => {
        const res = (err as tus.DetailedError).originalResponse;
        resolve({ ok: false, status: res?.getStatus() ?? 0, body: res?.getBody() ?? String(err), url: upload.url });
      },
      onSuccess: ({ lastResponse }) =>
        resolve({
          ok: true,
          status: lastResponse.getStatus(),
          body: lastResponse.getBody(),
          url: upload.url,
          image: lastResponse.getHeader('upload-image') ?? null,
        }),
    });
    if (opts.stopWhen) {
      const stop = opts.stopWhen;
      const check = setInterval(() => {
        if (!stop(upload)) return;
        clearInterval(check);
        void upload.abort().then(() => resolve({ ok: false, status: 0, body: 'aborted', url: upload.url }));
      }, 1);
    }
    upload.start();
  });
}
