import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './receiver.js';

/** True when HAProxy (Debian's package; .ci/run installs it) can be run. */
export function haproxyAvailable(): boolean {
  const ok = spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
  if (!ok && process.env.CI === 'true')
    throw new Error('haproxy is not installed; CI=true requires the load balancer suite (.ci/run installs it).');
  return ok;
}

/**
 * The configuration the test runs, and docs/deploying.md shows: round robin per request, no stickiness, health checks
 * on /api/ready.
 */
export function haproxyConfig(port: number, servers: readonly number[]): string {
  return [
    'global',
    '  maxconn 2000',
    ...(process.env.HAPROXY_LOG ? ['  log stderr format raw local0'] : []),
    'defaults',
    '  mode http',
    ...(process.env.HAPROXY_LOG ? ['  log global', '  option httplog'] : []),
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout check 5s',
    // Event streams stay open: a long tunnel timeout, and HAProxy ends them when the instance goes.
    '  timeout tunnel 1h',
    '  option http-server-close',
    // A connection refused by an instance that is stopping never carried a request: try another.
    '  retries 3',
    '  option redispatch',
    // An instance closing its listener can drop a connection it had just accepted, before reading the request: a GET
    // (never a POST) sent on it is safe to send again, to the other instance.
    '  retry-on conn-failure empty-response',
    'frontend console',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    ...servers.map((p, i) => `  server i${i + 1} 127.0.0.1:${p} check inter 1s fall 3 rise 2`),
    '',
  ].join('\n');
}

/** HAProxy in the foreground in front of `servers`; resolves once it answers /api/health through an instance. */
export async function startHaproxy(
  servers: readonly number[],
  port?: number,
): Promise<{ url: string; close(): Promise<void> }> {
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(port, servers));
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
    if (process.env.HAPROXY_LOG) process.stderr.write(c);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error(`haproxy did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
