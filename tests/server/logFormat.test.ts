import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from './helpers/receiver.js';
import { childEnv } from './helpers/process.js';

// The log as `npm start` prints it (server/main.ts, LOG_FORMAT): short lines for a person at a terminal (a real
// pseudo-terminal, from util-linux's `script`), JSON lines when the output is piped.
const root = resolve(import.meta.dirname, '..', '..');
const SERVER_ARGS = ['--import', 'tsx', 'server/main.ts'];
const SERVER = `exec ${JSON.stringify(process.execPath)} ${SERVER_ARGS.join(' ')}`;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the server (under a terminal when `terminal`), asks it two things, stops it with Ctrl-C; its stdout. */
async function run(terminal: boolean, env: Record<string, string> = {}): Promise<{ out: string; port: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linen-log-'));
  made.push(dataDir);
  const port = await freePort();
  const child = spawn(terminal ? 'script' : process.execPath, terminal ? ['-qec', SERVER, '/dev/null'] : SERVER_ARGS, {
    cwd: root,
    env: childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'a long enough password',
      ...env,
    }),
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
      expect(out).toContain('Console ready at');
    },
    { timeout: 60_000, interval: 100 },
  );
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/api/me`)).status).toBe(401);
  // Ctrl-C as a person types it: the terminal sends SIGINT to the server.
  if (terminal) child.stdin.write('\x03');
  else child.kill('SIGINT');
  expect(await exited).toBe(0);
  return { out, port };
}
describe('the log of npm start', () => {
  it('at a terminal: readable lines, no JSON, requests that went well left out', async () => {
    const { out } = await run(true);
    const lines = out.split(/\r?\n/).filter((l) => l.trim() !== '');
    expect(lines.filter((l) => l.trimStart().startsWith('{') || l.includes('"level"'))).toEqual([]);
    expect(out).toContain('First start: created the admin admin@example.com with the password from ADMIN_PASSWORD.');
    expect(out).toContain('Console ready at');
    expect(out).toMatch(/\d\d:\d\d:\d\d INFO {2}shutting down: finishing the requests under way signal=SIGINT/);
    expect(out).not.toContain('/api/health');
    expect(out).not.toContain('/api/me');
  }, 90_000);

  it('piped: JSON lines only, every request among them', async () => {
    const { out, port } = await run(false);
    const lines = out
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    const msgs = lines.map((l) => l.msg);
    expect(msgs).toContain(`Console ready at http://localhost:${port}`);
    expect(msgs).toContain('First start: created the admin admin@example.com with the password from ADMIN_PASSWORD.');
    expect(lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url)).toEqual([
      '/api/health',
      '/api/me',
    ]);
  }, 90_000);

  it('LOG_FORMAT=json at a terminal gives JSON lines; LOG_FORMAT=pretty piped gives readable ones', async () => {
    // The terminal echoes the Ctrl-C typed as '^C'.
    const json = (await run(true, { LOG_FORMAT: 'json' })).out
      .split(/\r?\n/)
      .map((l) => l.replace(/^\^C/, ''))
      .filter((l) => l.trim() !== '');
    expect(json.length).toBeGreaterThan(3);
    for (const l of json) expect(() => JSON.parse(l) as unknown, l).not.toThrow();
    const { out } = await run(false, { LOG_FORMAT: 'pretty' });
    expect(out).toContain('Console ready at');
    expect(out).not.toContain('"level"');
  }, 120_000);
});
