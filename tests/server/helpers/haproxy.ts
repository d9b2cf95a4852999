import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { freePort } from './receiver.js';

/** True when HAProxy (Debian's package; .ci/run installs it) can be run. */
export function haproxyAvailable(): boolean {
  const ok = spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
  if (!ok && process.env.CI === 'true')
    throw new Error('haproxy is not installed; CI=true requires the load balancer suite (.ci/run installs it).');
  return ok;
}

const root = resolve(import.meta.dirname, '..', '..', '..');

/** The HAProxy configuration docs/operating.md gives (the block under "The balancer"), as written there. */
export function documentedConfig(): string[] {
  const doc = readFileSync(join(root, 'docs', 'operating.md'), 'utf8');
  const from = doc.indexOf('**The balancer**');
  const block = /\n {3}```\n([\s\S]*?)\n {3}```\n/.exec(doc.slice(from));
  if (from < 0 || !block) throw new Error('docs/operating.md has no HAProxy configuration under "The balancer"');
  return block[1]!.split('\n').map((line) => line.replace(/^ {3}/, ''));
}

/**
 * The configuration docs/operating.md gives, run as it is written there but for where it listens (`port` on
 * 127.0.0.1, no TLS) and the instances behind it (`servers`, each checked as the doc's are): round robin per request,
 * no stickiness, health checks on /api/ready. `statsSocket`: a Unix socket for HAProxy's runtime API (`show stat`), so
 * a caller can see which instances the balancer holds up.
 */
export function haproxyConfig(port: number, servers: readonly number[], statsSocket?: string): string {
  const out = [
    'global',
    '  maxconn 2000',
    ...(process.env.HAPROXY_LOG ? ['  log stderr format raw local0'] : []),
    ...(statsSocket ? [`  stats socket ${statsSocket}`] : []),
  ];
  let placed = false;
  for (const line of documentedConfig()) {
    if (/^\s+bind /.test(line)) out.push(`  bind 127.0.0.1:${port}`);
    else if (/^\s+server /.test(line)) {
      if (!placed) out.push(...servers.map((p, i) => `  server i${i + 1} 127.0.0.1:${p} check inter 1s fall 3 rise 2`));
      placed = true;
    } else {
      out.push(line);
      if (line === 'defaults' && process.env.HAPROXY_LOG) out.push('  log global', '  option httplog');
    }
  }
  if (!placed) throw new Error('the documented HAProxy configuration has no server lines');
  return [...out, ''].join('\n');
}

/** A running HAProxy: its address, and what it thinks of each instance (`i1`, `i2`… in the order given). */
export interface Haproxy {
  url: string;
  /** Each server's status as the health checks have it ('UP', 'DOWN', 'UP 1/2', …), by name. */
  status(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** HAProxy's runtime API: one command on its stats socket, the answer as text. */
function runtime(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const c = connect(socket, () => c.end(`${command}\n`));
    c.on('data', (d: Buffer) => (out += d.toString()));
    c.on('end', () => resolve(out));
    c.on('error', reject);
  });
}

/** HAProxy in the foreground in front of `servers`; resolves once it answers /api/health through an instance. */
export async function startHaproxy(servers: readonly number[], port?: number): Promise<Haproxy> {
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  const socket = join(dir, 'stats.sock');
  writeFileSync(cfg, haproxyConfig(port, servers, socket));
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
    async status() {
      const [head, ...rows] = (await runtime(socket, 'show stat')).trim().split('\n');
      const cols = head!.replace(/^# /, '').split(',');
      const at = (name: string): number => cols.indexOf(name);
      const out: Record<string, string> = {};
      for (const row of rows.map((r) => r.split(',')))
        if (row[at('pxname')] === 'instances' && /^i\d+$/.test(row[at('svname')]!))
          out[row[at('svname')]!] = row[at('status')]!;
      return out;
    },
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
