import { spawn } from 'node:child_process';
import type { Place } from './seed.js';
import { SERVER_NODE_FLAGS } from '../scripts/serverBundle.mjs';
import { freePort, log, measure, ROOT, waitForHealth, type Measure } from './lib.js';

/** Start-up time of one command: from spawning it to the first 200 from /api/health. */
export interface StartupFigure {
  command: string;
  ms: Measure;
  /**
   * Set when a run rebuilt the browser app or the server first (older than their sources), which makes it no start-up
   * figure.
   */
  rebuilt: boolean;
}

const COMMANDS: Array<{ label: string; cmd: string; args: string[] }> = [
  {
    label: 'node scripts/start.mjs (what npm start runs)',
    cmd: process.execPath,
    args: [...SERVER_NODE_FLAGS, 'scripts/start.mjs'],
  },
  { label: 'npm start', cmd: 'npm', args: ['start', '--silent'] },
  {
    label: 'node --import tsx server/main.ts (uncompiled, for comparison)',
    cmd: process.execPath,
    args: ['--import', 'tsx', 'server/main.ts'],
  },
];

/** Spawns one start in its own process group, times it to health, then ends that group. */
async function startOnce(place: Place, c: (typeof COMMANDS)[number]): Promise<{ ms: number; rebuilt: boolean }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const proc = spawn(c.cmd, c.args, {
    cwd: ROOT,
    env: { ...process.env, ...place.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForHealth(`${url}/api/health`, 120_000, 5),
      exited.then(() => {
        throw new Error(`${c.label} exited before answering:\n${out}`);
      }),
    ]);
    return { ms: performance.now() - t0, rebuilt: out.includes('Building the') };
  } finally {
    // The group we made: npm, tsx and the server under it.
    try {
      process.kill(-proc.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * Section 3a: cold start on the existing data folder, per command (or only what npm start runs): one warm-up start,
 * then two measured.
 */
export async function measureStartup(place: Place, opts: { allCommands: boolean }): Promise<StartupFigure[]> {
  const figures: StartupFigure[] = [];
  for (const c of opts.allCommands ? COMMANDS : COMMANDS.slice(0, 1)) {
    const runs: number[] = [];
    let rebuilt = false;
    for (let round = 0; round <= 2; round++) {
      log(`${round === 0 ? 'warm-up' : `run ${round}`}: start with ${c.label}`);
      const r = await startOnce(place, c);
      // Let the previous server's port and files settle.
      await new Promise((res) => setTimeout(res, 500));
      if (round === 0) continue;
      rebuilt ||= r.rebuilt;
      runs.push(r.ms);
    }
    figures.push({ command: c.label, ms: measure(runs), rebuilt });
  }
  return figures;
}
