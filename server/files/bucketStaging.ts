import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { s3Client, type S3Settings } from './store.js';

/** What an upload in progress is, kept beside its parts: the bytes of each PATCH received, in order. */
interface Info {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
  parts: number[];
}

const PREFIX = 'tus/';
const infoKey = (id: string): string => `${PREFIX}${id}.info`;
const partKey = (id: string, n: number): string => `${PREFIX}${id}.${n}`;
const sdk = () => import('@aws-sdk/client-s3');

/**
 * tus uploads in progress kept in the bucket: each PATCH's bytes are one object (`tus/<id>.<n>`) and the upload's
 * state one more (`tus/<id>.info`: size, metadata, the parts' sizes), so any instance continues any upload and
 * nothing is sticky. Only the calls every S3-compatible store has (put, get, delete, list): @tus/s3-store needs
 * ListParts, which s3rver, the S3 of our tests, does not answer (docs/decisions.md, "Uploads in progress in the
 * bucket").
 * One PATCH is held in memory before it is stored; a PATCH is at most UPLOAD_MAX_MB, as a whole upload is.
 */
export class BucketStaging extends DataStore {
  private readonly client: ReturnType<typeof s3Client>;

  constructor(
    private readonly s3: S3Settings,
    private readonly expiryMs: number,
  ) {
    super();
    this.client = s3Client(s3);
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private async put(key: string, body: Buffer | string): Promise<void> {
    const { PutObjectCommand } = await sdk();
    await (await this.client).send(new PutObjectCommand({ Bucket: this.s3.bucket, Key: key, Body: body }));
  }

  private async read(key: string): Promise<Buffer | null> {
    const { GetObjectCommand } = await sdk();
    try {
      const out = await (await this.client).send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  private async info(id: string): Promise<Info> {
    const raw = await this.read(infoKey(id));
    if (!raw) throw ERRORS.FILE_NOT_FOUND;
    return JSON.parse(raw.toString('utf8')) as Info;
  }

  private toUpload(id: string, info: Info): Upload {
    return new Upload({
      id,
      size: info.size,
      offset: info.parts.reduce((a, b) => a + b, 0),
      metadata: info.metadata,
      creation_date: info.creation_date,
      storage: { type: 's3', path: `${PREFIX}${id}`, bucket: this.s3.bucket },
    });
  }

  override async create(upload: Upload): Promise<Upload> {
    const info: Info = {
      size: upload.size,
      metadata: upload.metadata,
      creation_date: upload.creation_date ?? new Date().toISOString(),
      parts: [],
    };
    await this.put(infoKey(upload.id), JSON.stringify(info));
    upload.storage = { type: 's3', path: `${PREFIX}${upload.id}`, bucket: this.s3.bucket };
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const info = await this.info(id);
    const held = info.parts.reduce((a, b) => a + b, 0);
    if (offset !== held) throw ERRORS.INVALID_OFFSET;
    const chunks: Buffer[] = [];
    let failed: unknown = null;
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch (err) {
      // A PATCH cut short keeps what arrived, as a folder would: the client resumes from there.
      failed = err;
    }
    const data = Buffer.concat(chunks);
    if (data.length > 0) {
      await this.put(partKey(id, info.parts.length), data);
      info.parts.push(data.length);
      await this.put(infoKey(id), JSON.stringify(info));
    }
    if (failed) throw ERRORS.FILE_WRITE_ERROR;
    return held + data.length;
  }

  override async getUpload(id: string): Promise<Upload> {
    return this.toUpload(id, await this.info(id));
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const info = await this.info(id);
    info.size = size;
    await this.put(infoKey(id), JSON.stringify(info));
  }

  override async remove(id: string): Promise<void> {
    const info = await this.info(id);
    const { DeleteObjectCommand } = await sdk();
    const client = await this.client;
    // The parts first, the state last: a removal cut short is found again by the expiry sweep.
    for (let n = 0; n < info.parts.length; n++)
      await client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: partKey(id, n) }));
    await client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: infoKey(id) }));
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  /** Removes uploads begun more than the expiry ago (unfinished: a finished one is removed as it is stored). */
  override async deleteExpired(): Promise<number> {
    const { ListObjectsV2Command } = await sdk();
    const client = await this.client;
    const before = Date.now() - this.expiryMs;
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.s3.bucket, Prefix: PREFIX, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        const id = /^tus\/([0-9a-f]{32})\.info$/.exec(o.Key ?? '')?.[1];
        if (!id) continue;
        const info = await this.info(id).catch(() => null);
        if (info && Date.parse(info.creation_date ?? '') < before) {
          await this.remove(id);
          removed++;
        }
      }
      token = page.NextContinuationToken;
    } while (token);
    return removed;
  }

  async readWhole(id: string): Promise<Buffer> {
    const info = await this.info(id);
    const parts: Buffer[] = [];
    for (let n = 0; n < info.parts.length; n++) {
      const part = await this.read(partKey(id, n));
      if (!part) throw ERRORS.FILE_NO_LONGER_EXISTS;
      parts.push(part);
    }
    return Buffer.concat(parts);
  }
}
