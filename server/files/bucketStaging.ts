import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { s3Client, type S3Settings } from './store.js';
import type { FinishedUpload } from './finished.js';
import {
  chainOf,
  doneKey,
  infoKey,
  legacyParts,
  partKey,
  partOf,
  STAGING_PREFIX,
  uploadPrefix,
  type Part,
} from './stagedParts.js';

/** What an upload in progress is, beside its parts: written at its creation (the length again if declared later). */
interface Info {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
  /** Parts stored before they were named by offset: their sizes in order (stagedParts.ts, legacyParts). */
  parts?: number[];
}

const sdk = () => import('@aws-sdk/client-s3');

/**
 * tus uploads in progress kept in the bucket: each PATCH's bytes are one object named by their offset and size
 * (stagedParts.ts) and the upload's size and metadata one more (`tus/<id>.info`), so any instance continues any upload
 * and nothing is sticky. A PATCH never reads, changes and writes back a shared state: a PATCH cut short that stores its
 * bytes after the client went on, a re-sent one, or two instances at once add parts and lose none (docs/decisions.md,
 * "Uploads in progress in the bucket", "Overlapping PATCHes"). Only the calls every S3-compatible store has (put, get,
 * delete, list): @tus/s3-store needs ListParts, which s3rver, the S3 of our tests, does not answer.
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

  /** Every object under `prefix` with its last change, page by page. */
  private async *list(prefix: string): AsyncGenerator<{ key: string; modified: number }> {
    const { ListObjectsV2Command } = await sdk();
    const client = await this.client;
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.s3.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) yield { key: o.Key ?? '', modified: o.LastModified?.getTime() ?? 0 };
      token = page.NextContinuationToken;
    } while (token);
  }

  /** The upload's state and how far its parts reach without a gap. */
  private async state(id: string): Promise<{ info: Info; offset: number; chain: Part[] }> {
    const info = await this.info(id);
    const parts = legacyParts(id, info.parts);
    for await (const { key } of this.list(uploadPrefix(id))) {
      const part = partOf(key);
      if (part) parts.push(part);
    }
    return { info, ...chainOf(parts) };
  }

  private toUpload(id: string, info: Info, offset: number): Upload {
    return new Upload({
      id,
      size: info.size,
      offset,
      metadata: info.metadata,
      creation_date: info.creation_date,
      storage: { type: 's3', path: uploadPrefix(id), bucket: this.s3.bucket },
    });
  }

  override async create(upload: Upload): Promise<Upload> {
    const info: Info = {
      size: upload.size,
      metadata: upload.metadata,
      creation_date: upload.creation_date ?? new Date().toISOString(),
    };
    await this.put(infoKey(upload.id), JSON.stringify(info));
    upload.storage = { type: 's3', path: uploadPrefix(upload.id), bucket: this.s3.bucket };
    return upload;
  }

  /**
   * Stores the bytes of one PATCH as a part of their own. tus checked the offset just before; a PATCH cut short still
   * stores what arrived (as a folder would), maybe after the client went on: its part only adds bytes already there.
   */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const chunks: Buffer[] = [];
    let failed: unknown = null;
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch (err) {
      failed = err;
    }
    const data = Buffer.concat(chunks);
    if (data.length > 0) await this.put(partKey(id, offset, data.length), data);
    if (failed) throw ERRORS.FILE_WRITE_ERROR;
    return offset + data.length;
  }

  override async getUpload(id: string): Promise<Upload> {
    const { info, offset } = await this.state(id);
    return this.toUpload(id, info, offset);
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const info = await this.info(id);
    info.size = size;
    await this.put(infoKey(id), JSON.stringify(info));
  }

  /** Removes the upload's parts, then its state (a removal cut short is found again by the expiry sweep). */
  override async remove(id: string): Promise<void> {
    await this.info(id);
    const keys: string[] = [];
    for await (const { key } of this.list(uploadPrefix(id))) if (key !== doneKey(id)) keys.push(key);
    keys.sort((a, b) => Number(a === infoKey(id)) - Number(b === infoKey(id)));
    await this.drop(keys);
  }

  private async drop(keys: string[]): Promise<void> {
    const { DeleteObjectCommand } = await sdk();
    const client = await this.client;
    for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }

  /** Notes that the upload is finished (what a re-sent last PATCH is answered with), then removes its bytes. */
  async settle(id: string, done: FinishedUpload): Promise<void> {
    await this.put(doneKey(id), JSON.stringify(done));
    await this.remove(id);
  }

  async finished(id: string): Promise<FinishedUpload | null> {
    const raw = await this.read(doneKey(id));
    return raw ? (JSON.parse(raw.toString('utf8')) as FinishedUpload) : null;
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  /**
   * Removes uploads begun more than the expiry ago (a finished one is removed as it is stored), and any other object
   * under `tus/` older than that: the note of a finished upload, a part stored after its upload was removed.
   */
  override async deleteExpired(): Promise<number> {
    const before = Date.now() - this.expiryMs;
    let removed = 0;
    const stray: string[] = [];
    for await (const { key, modified } of this.list(STAGING_PREFIX)) {
      const id = /^tus\/([0-9a-f]{32})\.info$/.exec(key)?.[1];
      if (!id) {
        if (modified < before) stray.push(key);
        continue;
      }
      const info = await this.info(id).catch(() => null);
      if (info && Date.parse(info.creation_date ?? '') < before) {
        await this.remove(id);
        removed++;
      }
    }
    await this.drop(stray);
    return removed;
  }

  /** The finished upload's bytes, read back along its parts. */
  async readWhole(id: string): Promise<Buffer> {
    const { chain } = await this.state(id);
    const parts: Buffer[] = [];
    for (const p of chain) {
      const part = await this.read(p.key);
      if (!part) throw ERRORS.FILE_NO_LONGER_EXISTS;
      if (part.length !== p.size) throw new Error(`Staged part ${p.key} holds ${part.length} bytes`);
      parts.push(part);
    }
    return Buffer.concat(parts);
  }
}
