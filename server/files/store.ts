import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';

/** Where finished, checked uploads live, keyed like `Uploads/<name>`. */
export interface FileStore {
  /**
   * Stores `data`; `copyOf` names a local file holding the same bytes, which a local store links instead of writing.
   */
  put(key: string, data: Buffer, contentType: string, copyOf?: string): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such file. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * Writes and removes a small file of its own (`probeKey()`, one per store and so per instance): throws when the store
   * cannot be written.
   */
  probe(): Promise<void>;
}

/**
 * A key of its own for one store's readiness probe, outside Uploads/ (so the sweep and the feed never see it):
 * instances sharing a folder or a bucket probe at the same moments (a balancer asks each every second), and with one
 * key between them one would remove the file another had just written and answer 503.
 */
export const probeKey = (): string => `ready/${randomBytes(8).toString('hex')}`;

/** Files in a folder (DATA_DIR/files by default). */
export function localStore(root: string): FileStore {
  const path = (key: string): string => join(root, ...key.split('/'));
  const probe = probeKey();
  return {
    async put(key, data, _contentType, copyOf) {
      await mkdir(dirname(path(key)), { recursive: true });
      // A finished upload is already on this disk: a second name for it costs nothing, writing 30 MB again ~30 ms.
      if (copyOf) {
        try {
          await link(copyOf, path(key));
          return;
        } catch {
          // Another file system, or links not allowed: write the bytes.
        }
      }
      await writeFile(path(key), data);
    },
    async get(key) {
      const p = path(key);
      if (!existsSync(p)) return null;
      return { body: createReadStream(p), size: (await stat(p)).size };
    },
    remove: (key) => rm(path(key), { force: true }),
    async probe() {
      await mkdir(dirname(path(probe)), { recursive: true });
      await writeFile(path(probe), 'ready');
      // Two probes of this instance may overlap (a slow disk, two balancers): the other may have removed it already.
      await rm(path(probe), { force: true });
    },
  };
}

export interface S3Settings {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

// The AWS SDK (about 20 MB of memory) loads only when S3 is configured, on first use.
const sdk = () => import('@aws-sdk/client-s3');

/** The S3 client for a bucket; path-style when an endpoint is given (MinIO, s3rver, most S3-compatibles). */
export async function s3Client(s: S3Settings): Promise<S3Client> {
  // The pinned SDK (package.json: an exact version that runs on Node 20) warns on every process that its releases after
  // January 2027 will need Node 22: a warning about versions we do not install, turned off by the SDK's own switch for
  // it and nothing else (README, "Node 22").
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { S3Client } = await sdk();
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint ?? undefined,
    forcePathStyle: Boolean(s.endpoint),
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  });
}

/** Files in an S3-compatible bucket. */
export function s3Store(s: S3Settings): FileStore {
  const client = s3Client(s);
  const probe = probeKey();
  return {
    async put(key, data, contentType) {
      const { PutObjectCommand } = await sdk();
      await (
        await client
      ).send(new PutObjectCommand({ Bucket: s.bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async get(key) {
      const { GetObjectCommand } = await sdk();
      try {
        const out = await (await client).send(new GetObjectCommand({ Bucket: s.bucket, Key: key }));
        return { body: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(key) {
      const { DeleteObjectCommand } = await sdk();
      await (await client).send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
    },
    async probe() {
      await this.put(probe, Buffer.from('ready'), 'text/plain');
      await this.remove(probe);
    },
  };
}
