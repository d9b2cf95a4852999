import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ERRORS, Server, type Upload } from '@tus/server';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { newUploadId, UPLOAD_ID, type FinishedUpload, type StagingStore } from '../files/staging.js';
import { storeUpload, type StoredImage } from '../core/files.js';
import { sendStoredFile } from '../http/storedFile.js';
import { DomainError } from '../core/errors.js';
import { areaAccess } from '../../domain/permissions.js';
import { pickLocale } from '../../domain/locales.js';
import { said, textOf } from '../../domain/translate.js';

const OWNER_HEADER = 'x-console-uid';

interface Deps {
  db: Kysely<Database>;
  store: FileStore;
  staging: StagingStore;
  maxBytes: number;
  maxPixels: number;
  /** Counts the upload requests under way (/metrics). */
  inProgress?: { inc(): void; dec(): void };
}

const uploadAddress = new RegExp(`/api/uploads/(${UPLOAD_ID})$`);
/** What a stored name (or its thumbnail's) can look like; anything else is not in the store. */
const STORED_NAME = /^[A-Za-z0-9._-]{1,300}$/;
/**
 * The answer after which an upload cannot continue: 413, over the size. Not 409: a stale offset is what a PATCH cut
 * short, re-sent or overlapping gets while the upload goes on (docs/decisions.md, "Overlapping PATCHes").
 */
const REFUSED_MIDWAY = 413;

const tusError = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ error: { code: 'upload', message } }),
});

/** tus 1.0.0 at /api/uploads (editors; each upload only by its owner) and the stored files at /files/Uploads/NAME. */
export function uploadsRoutes(app: FastifyInstance, deps: Deps): void {
  const log = (err: Error): void => app.log.error({ err }, 'upload failed');
  const finished = new Map<string, FinishedUpload>();
  const noteOf = (upload: Upload, stored: StoredImage): FinishedUpload => ({
    size: upload.size ?? upload.offset,
    owner: upload.metadata?.owner ?? '',
    image: JSON.stringify(stored),
    address: stored.address,
  });
  /** The answer to a HEAD, or a re-sent last PATCH, of an upload all of whose bytes are stored: offset = length. */
  const finishedHeaders = (done: FinishedUpload) => ({
    'Tus-Resumable': '1.0.0',
    'Upload-Offset': String(done.size),
    'Upload-Length': String(done.size),
    'Cache-Control': 'no-store',
    'Upload-Address': done.address,
    'Upload-Image': done.image,
  });
  /**
   * Checks and stores an upload all of whose bytes are staged. A refused file leaves nothing behind, removed before the
   * answer goes out (a tus error answer of 415, worded in `language`).
   */
  const finish = async (upload: Upload, language: string | null | undefined): Promise<StoredImage> => {
    const data = await deps.staging.readWhole(upload.id);
    try {
      return await storeUpload(
        deps.db,
        deps.store,
        {
          owner: upload.metadata?.owner ?? '',
          originalName: upload.metadata?.filename ?? 'image',
          data,
          stagedPath: deps.staging.pathOf?.(upload.id),
        },
        deps.maxPixels,
      );
    } catch (err) {
      await deps.staging.remove(upload.id).catch(() => undefined);
      // tus writes this answer itself, past the hook that words error answers (http/locale.ts): said here.
      if (err instanceof DomainError) throw tusError(415, textOf(err.said, pickLocale(language ?? undefined)));
      throw err;
    }
  };
  const tus = new Server({
    path: '/api/uploads',
    exposedHeaders: ['Upload-Address', 'Upload-Image'],
    datastore: deps.staging,
    maxSize: deps.maxBytes,
    respectForwardedHeaders: false,
    namingFunction: newUploadId,
    onResponseError: (_req, err) => {
      if (err instanceof Error) log(err);
      return undefined;
    },
    onUploadCreate: async (req, upload) => ({
      metadata: { ...upload.metadata, owner: req.headers.get(OWNER_HEADER) ?? '' },
    }),
    onUploadFinish: async (req, upload) => {
      const stored = await finish(upload, req.headers.get('accept-language'));
      // An accepted file lives on in the store; tus still reads the staged copy while answering,
      // so that copy is removed (a note kept that it finished) once the request is done (see handler).
      finished.set(upload.id, noteOf(upload, stored));
      // 201 on creation-with-upload as tus wants; 200 rather than 204 on the last PATCH, so the answer can carry a
      // body.
      return {
        status_code: req.method === 'POST' ? 201 : 200,
        headers: { 'Content-Type': 'application/json', 'Upload-Address': stored.address },
        body: JSON.stringify(stored),
      };
    },
  });

  // tus streams the body itself; Fastify must leave it unread.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const handler = async (
    req: import('fastify').FastifyRequest,
    reply: import('fastify').FastifyReply,
  ): Promise<void> => {
    const uid = req.user!.uid;
    const id = uploadAddress.exec(req.url.split('?')[0] ?? '')?.[1];
    if (req.method !== 'POST' && req.method !== 'OPTIONS') {
      // Only an upload that is not there is 404, which the browser does not try again; a store that fails (S3's 503, a
      // network blip) goes to the error handler as a 500, which tus-js-client retries.
      const upload = id
        ? await deps.staging.getUpload(id).catch((err: unknown) => {
            if (err === ERRORS.FILE_NOT_FOUND || err === ERRORS.FILE_NO_LONGER_EXISTS) return null;
            throw err;
          })
        : null;
      if (!upload) {
        // Finished already: a re-sent last PATCH (its answer lost) or a HEAD hears it is complete, with the image.
        const done = id && req.method !== 'DELETE' ? await deps.staging.finished(id) : null;
        if (!done) throw new DomainError('not_found', said('errors.notFound'));
        if (done.owner !== uid) throw new DomainError('forbidden', said('errors.forbidden'));
        return reply
          .code(req.method === 'PATCH' ? 204 : 200)
          .headers(finishedHeaders(done))
          .send();
      }
      if (upload.metadata?.owner !== uid) throw new DomainError('forbidden', said('errors.forbidden'));
      // Every byte staged, yet still staged: the instance finishing it died (or its grace ran out) before answering.
      // The client resuming asks where the upload stands (HEAD) and, told it is complete, would take the answer as the
      // last one, so whichever instance it asks finishes the upload now. A HEAD has no body: the stored image goes in
      // `Upload-Image` (JSON), which the browser reads (providers/local/uploads.ts).
      if (req.method === 'HEAD' && upload.size !== undefined && upload.offset === upload.size) {
        let stored: StoredImage;
        try {
          stored = await finish(upload, req.headers['accept-language']);
        } catch (err) {
          const refused = err as { status_code?: number };
          // Refused (not an image): nothing is left, and the client starts anew, to be refused with the words.
          if (refused.status_code === 415) return reply.code(415).header('Tus-Resumable', '1.0.0').send();
          throw err;
        }
        const done = noteOf(upload, stored);
        await deps.staging.settle(upload.id, done).catch(() => undefined);
        return reply.code(200).headers(finishedHeaders(done)).send();
      }
    }
    reply.hijack();
    // Set by the server only: whatever a client sent under this name is dropped. tus reads rawHeaders.
    const raw = req.raw.rawHeaders;
    const kept: string[] = [];
    for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() !== OWNER_HEADER) kept.push(raw[i]!, raw[i + 1]!);
    req.raw.rawHeaders.splice(0, raw.length, ...kept, OWNER_HEADER, uid);
    const carries = req.method === 'POST' || req.method === 'PATCH';
    if (carries) deps.inProgress?.inc();
    try {
      await tus.handle(req.raw, reply.raw);
    } finally {
      if (carries) deps.inProgress?.dec();
    }
    // Refused mid-way (over the size): the upload cannot go on, so its staged file goes now.
    if (reply.raw.statusCode === REFUSED_MIDWAY) {
      const created = uploadAddress.exec(String(reply.raw.getHeader('location') ?? ''))?.[1];
      const gone = id ?? created;
      if (gone) await deps.staging.remove(gone).catch(() => undefined);
    }
    for (const [done, note] of [...finished]) {
      finished.delete(done);
      await deps.staging.settle(done, note).catch(() => undefined);
    }
  };
  for (const url of ['/api/uploads', '/api/uploads/*']) {
    app.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      config: { access: areaAccess.products },
      handler,
    });
  }

  // A wildcard rather than a :name parameter, which Fastify caps in length: an unknown name of any length is a 404.
  app.get('/files/Uploads/*', { config: { access: 'public' } }, async (req, reply) => {
    const name = (req.params as { '*': string })['*'];
    return sendStoredFile(reply, deps.db, deps.store, STORED_NAME.test(name) ? `Uploads/${name}` : null);
  });
}
