import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3Client, type S3Settings } from '../../../server/files/store.js';

/** An S3-compatible bucket on 127.0.0.1 (s3rver in a folder of its own), as the console's settings see it. */
export interface TestBucket {
  settings: S3Settings;
  /** The S3_* environment that points a console at it. */
  env: Record<string, string>;
  /** The keys in the bucket (under `prefix`), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Stops s3rver and removes its folder. */
  close(): Promise<void>;
}

/** Starts s3rver with one bucket named `name`. */
export async function startBucket(name = 'console-test'): Promise<TestBucket> {
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name, configs: [] }],
  });
  const { port } = await s3.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: name,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint!,
      S3_BUCKET: name,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async keys(prefix = '') {
      const out = await (await s3Client(settings)).send(new ListObjectsV2Command({ Bucket: name, Prefix: prefix }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An HTTP front to a bucket's endpoint that forwards every request, or, while `failing`, answers each with S3's own
 * 503 SlowDown: a store that fails for a while (throttling, an outage, a network blip), then recovers. `requests` lists
 * what went through it (`PUT /bucket/key?…`). `hold`, when set, is asked about each request before it goes on: the
 * promise it answers holds that request until it settles (to stop a store at an exact point).
 */
export async function flakyEndpoint(target: string): Promise<{
  url: string;
  failing: boolean;
  requests: string[];
  hold: ((req: import('node:http').IncomingMessage) => Promise<void> | null) | null;
  close(): Promise<void>;
}> {
  const { createServer, request } = await import('node:http');
  const to = new URL(target);
  const state = { failing: false };
  const front = { hold: null as ((req: import('node:http').IncomingMessage) => Promise<void> | null) | null };
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    await front.hold?.(req);
    if (state.failing) {
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
      );
      return;
    }
    const up = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get hold() {
      return front.hold;
    },
    set hold(f) {
      front.hold = f;
    },
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
