import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createData, dialects, type DataStore } from './helpers/index.js';
import { freePort } from './helpers/receiver.js';
import { makeImage } from './helpers/images.js';
import { childEnv } from './helpers/process.js';

// Graceful shutdown of the real process, started as `npm start` runs it (server/main.ts), on both databases.
const root = resolve(import.meta.dirname, '..', '..');
const GRACE_S = 4;

/** The server as its own process; resolves once it listens. */
async function startServer(
  data: DataStore,
  port: number,
): Promise<{ child: ChildProcess; exited: Promise<number | null>; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data.dataDir,
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_S),
    }),
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      expect(output).toContain('Console ready at');
    },
    { timeout: 60_000, interval: 100 },
  );
  return { child, exited, output: () => output };
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), done(false)));
    s.once('error', (err: NodeJS.ErrnoException) => done(err.code === 'ECONNREFUSED'));
  });

/** A webhook receiver that takes each POST and never answers it. */
async function silentReceiver(): Promise<{ url: string; got: () => number; close: () => Promise<void> }> {
  let got = 0;
  const server = http.createServer(() => void (got += 1));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got: () => got,
    close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}

/** Reads the delivery rows straight from the stopped server's database. */
async function deliveries(
  data: DataStore,
): Promise<{ status: string; attempts: number; claimed_by: string | null; claimed_until: string | null }[]> {
  const query = 'select status, attempts, claimed_by, claimed_until from webhook_deliveries';
  if (!data.databaseUrl) {
    const db = new SQLite(join(data.dataDir, 'console.sqlite'), { readonly: true });
    try {
      return db.prepare(query).all() as never;
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: data.databaseUrl });
  await c.connect();
  try {
    return (await c.query(query)).rows;
  } finally {
    await c.end();
  }
}

describe.each(dialects())('graceful shutdown on SIGTERM (%s)', (dialect) => {
  let data: DataStore;
  let receiver: Awaited<ReturnType<typeof silentReceiver>>;
  beforeAll(async () => {
    data = await createData(dialect);
    receiver = await silentReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await data?.drop();
  });

  it(
    'finishes the request under way, ends event streams with a retry ' +
      'hint, refuses new connections, releases webhook leases, exits 0',
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = await startServer(data, port);
      try {
        const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify(ADMIN),
        });
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const api = (method: string, path: string, body?: unknown) =>
          fetch(`${base}${path}`, {
            method,
            headers: { cookie, origin: base, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });

        // A webhook delivery in flight to a receiver that never answers: this instance holds its lease.
        const hook = (await (await api('POST', '/api/webhooks', { url: receiver.url })).json()) as { id: string };
        expect((await api('POST', '/api/webhook-deliveries', { webhookId: hook.id })).status).toBe(202);
        await vi.waitFor(() => expect(receiver.got()).toBe(1), { timeout: 20_000, interval: 50 });
        expect((await deliveries(data))[0]).toMatchObject({
          status: 'pending',
          attempts: 0,
          claimed_by: expect.any(String),
        });

        // An open event stream, read raw.
        let streamText = '';
        const streamEnded = new Promise<void>((done, fail) => {
          http
            .get(`${base}/api/app/status/events`, (res) => {
              res.setEncoding('utf8');
              res.on('data', (c: string) => (streamText += c));
              res.on('end', done);
              res.on('error', fail);
            })
            .on('error', fail);
        });
        await vi.waitFor(() => expect(streamText).toContain('data: '), { timeout: 10_000, interval: 20 });

        // An upload under way: its bytes half sent when the signal comes.
        const image = await makeImage('jpeg', 200_000);
        const created = await fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: {
            cookie,
            origin: base,
            'tus-resumable': '1.0.0',
            'upload-length': String(image.length),
            'upload-metadata': `filename ${Buffer.from('linen.jpg').toString('base64')}`,
          },
        });
        expect(created.status).toBe(201);
        const uploadUrl = new URL(created.headers.get('location')!, base);
        let answered: { status: number; body: string } | null = null;
        // On a keep-alive connection of its own, which a second request waits for (a load balancer's pooled
        // connection).
        const pooled = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const patch = http.request(uploadUrl, {
          method: 'PATCH',
          agent: pooled,
          headers: {
            cookie,
            origin: base,
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(image.length),
          },
        });
        const patchDone = new Promise<void>((done, fail) => {
          patch.on('response', (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () => ((answered = { status: res.statusCode ?? 0, body }), done()));
          });
          patch.on('error', fail);
        });
        const half = Math.floor(image.length / 2);
        patch.write(image.subarray(0, half));
        // The server is taking the bytes: its staged file grows (asking tus would make it stop this request).
        const staged = join(data.dataDir, 'tus', uploadUrl.pathname.split('/').pop()!);
        await vi.waitFor(() => expect(existsSync(staged) && statSync(staged).size).toBeGreaterThan(0), {
          timeout: 10_000,
          interval: 20,
        });

        // A second upload whose sender stalls for good: cut once the grace is over.
        const stalledAt = await fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: {
            cookie,
            origin: base,
            'tus-resumable': '1.0.0',
            'upload-length': String(image.length),
            'upload-metadata': `filename ${Buffer.from('cotton.jpg').toString('base64')}`,
          },
        });
        const stalledUrl = new URL(stalledAt.headers.get('location')!, base);
        const stalled = http.request(stalledUrl, {
          method: 'PATCH',
          agent: false,
          headers: {
            cookie,
            origin: base,
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(image.length),
          },
        });
        const stalledEnd = new Promise<string>((done) => {
          stalled.on('response', (res) => done(`answered ${res.statusCode}`));
          stalled.on('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
        });
        stalled.write(image.subarray(0, 1000));
        const stalledFile = join(data.dataDir, 'tus', stalledUrl.pathname.split('/').pop()!);
        await vi.waitFor(() => expect(existsSync(stalledFile) && statSync(stalledFile).size).toBeGreaterThan(0), {
          timeout: 10_000,
          interval: 20,
        });

        const signalled = Date.now();
        server.child.kill('SIGTERM');

        // The stream ends, telling the browser when to come back.
        await streamEnded;
        expect(streamText.endsWith('retry: 1000\n\n')).toBe(true);
        // New connections are refused while the upload is still under way.
        await vi.waitFor(async () => expect(await refused(port)).toBe(true), { timeout: 10_000, interval: 50 });
        expect(answered).toBeNull();
        // The next request on that connection, sent once the upload is answered, during the shutdown.
        const next = new Promise<{ status: number; connection: string | undefined }>((done, fail) => {
          http
            .get(`${base}/api/health`, { agent: pooled }, (res) => {
              res.resume();
              res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection }));
            })
            .on('error', fail);
        });
        patch.end(image.subarray(half));
        await patchDone;
        expect(answered!.status, answered!.body).toBe(200);
        expect(JSON.parse(answered!.body).address).toMatch(/^\/files\/Uploads\//);
        // Served rather than refused, and told the connection ends.
        expect(await next).toEqual({ status: 200, connection: 'close' });
        pooled.destroy();

        // The process ends by itself, cleanly, within the grace (plus what starting to close takes), the stalled
        // upload's connection cut.
        const code = await server.exited;
        expect(await stalledEnd).toBe('ECONNRESET');
        const tookMs = Date.now() - signalled;
        expect(code, server.output()).toBe(0);
        expect(tookMs).toBeLessThan((GRACE_S + 5) * 1000);

        // The delivery it could not finish is free for another instance now, not after its lease, and no try counted.
        expect(await deliveries(data)).toEqual([
          { status: 'pending', attempts: 0, claimed_by: null, claimed_until: null },
        ]);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    },
    120_000,
  );
});
