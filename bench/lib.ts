import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem, release } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tus from 'tus-js-client';
import { chunkSize } from '../domain/uploads.js';
import { bundleServer, SERVER_NODE_FLAGS } from '../scripts/serverBundle.mjs';

/** The repository root (bench/..). */
export const ROOT = join(fileURLToPath(import.meta.url), '..', '..');

/** A figure measured twice after a warm-up: both runs and their median. */
export interface Measure {
  runs: number[];
  median: number;
}

/** The median of some numbers (the midpoint of two). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The p-th percentile (0–100) of some numbers, nearest rank. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

/** Runs as a Measure. */
export const measure = (runs: number[]): Measure => ({ runs, median: median(runs) });

/** The machine a figure was measured on. */
export interface Machine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  kernel: string;
}

/** Cores, CPU model, memory, Node and kernel of this machine. */
export function machine(): Machine {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    kernel: release(),
  };
}

/** Resident memory of a process in MB (from /proc), or NaN when it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A message a bench child sends its parent. */
export interface ChildMessage {
  type: string;
  [key: string]: unknown;
}

/** A TypeScript child process of the bench (run with tsx) and its message channel. */
export interface Child {
  proc: ChildProcess;
  pid: number;
  /** Sends a message and waits for the child's answer of type `answer`. */
  ask<T extends ChildMessage>(msg: ChildMessage, answer: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

// Our server and the baseline run compiled, as npm start runs the console: each bundled once per bench run with
// the same esbuild settings (scripts/serverBundle.mjs), so neither pays for tsx. The load generator runs with tsx.
const COMPILED = new Set(['server.ts', 'baseline.ts']);
const bundles = new Map<string, Promise<string>>();
function compiled(script: string): Promise<string> {
  let built = bundles.get(script);
  if (!built) {
    const outfile = join(ROOT, 'dist-server', `bench-${script.replace(/\.ts$/, '.js')}`);
    built = bundleServer({ root: ROOT, outfile, entry: `bench/${script}` }).then(() => outfile);
    bundles.set(script, built);
  }
  return built;
}

/** Forks bench/<script> (compiled, or with tsx) and waits for its { type: 'ready' } message. */
export async function startChild(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  execArgv: string[] = [],
): Promise<Child> {
  const bundled = COMPILED.has(script);
  const proc = fork(bundled ? await compiled(script) : join(ROOT, 'bench', script), args, {
    cwd: ROOT,
    execArgv: bundled
      ? [...(script === 'server.ts' ? SERVER_NODE_FLAGS : []), ...execArgv]
      : ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waitFor = <T extends ChildMessage>(type: string, timeoutMs: number): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${script}: no '${type}' within ${timeoutMs} ms`)), timeoutMs);
      const onMessage = (m: ChildMessage): void => {
        if (m.type === 'error') done(new Error(`${script}: ${String(m.message)}`));
        else if (m.type === type) done(null, m as T);
      };
      const onExit = (code: number | null): void => done(new Error(`${script} exited (${code}) before '${type}'`));
      const done = (err: Error | null, value?: T): void => {
        clearTimeout(timer);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        if (err) reject(err);
        else resolve(value!);
      };
      proc.on('message', onMessage);
      proc.on('exit', onExit);
    });
  await waitFor('ready', 120_000);
  return {
    proc,
    pid: proc.pid!,
    ask<T extends ChildMessage>(msg: ChildMessage, answer: string, timeoutMs = 600_000) {
      const reply = waitFor<T>(answer, timeoutMs);
      proc.send(msg);
      return reply;
    },
    stop: () => stopProcess(proc),
  };
}

/** Ends a child we started: SIGTERM, then SIGKILL after 5 s. */
export async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

/** Signs in over HTTP as the browser does and returns the Cookie header of the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** Waits until GET url answers 200, polling every `everyMs`; returns the milliseconds waited. */
export async function waitForHealth(url: string, timeoutMs = 60_000, everyMs = 10): Promise<number> {
  const start = performance.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - start;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - start > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A progress line on stderr, so stdout carries only the table. */
export const log = (msg: string): void =>
  void process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

/** How one upload ended: the last answer's status (0 when there was none), its time and body. */
export interface UploadAnswer {
  status: number;
  ms: number;
  body: string;
}

/**
 * One upload with tus-js-client as the console's browser sends it (256 KiB chunks, doubling: tus-js-client reads the
 * chunk size per chunk, as providers/local/uploads.ts relies on); no retries; settles with the last answer.
 */
export function tusUpload(
  base: string,
  cookie: string,
  data: Buffer,
  name: string,
  type: string,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    let chunk = 0;
    const t0 = performance.now();
    const u: tus.Upload = new tus.Upload(data, {
      endpoint: `${base}/api/uploads`,
      headers: { cookie, origin: base },
      chunkSize: chunkSize(chunk),
      uploadDataDuringCreation: true,
      retryDelays: [],
      metadata: { filename: name, filetype: type },
      onChunkComplete: () => void (u.options.chunkSize = chunkSize(++chunk)),
      onError: (err) => {
        const res = (err as tus.DetailedError).originalResponse;
        resolve({ status: res?.getStatus() ?? 0, ms: performance.now() - t0, body: res?.getBody() ?? String(err) });
      },
      onSuccess: ({ lastResponse }) =>
        resolve({ status: lastResponse.getStatus(), ms: performance.now() - t0, body: lastResponse.getBody() }),
    });
    u.start();
  });
}
