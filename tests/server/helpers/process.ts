import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { ADMIN, type DataStore } from './app.js';
import { freePort } from './receiver.js';

const root = resolve(import.meta.dirname, '..', '..', '..');

/**
 * The environment a spawned console, CLI or script starts from, with `env` over it: only the path, the home and the
 * temporary folder of this process (`npm test` points TMPDIR into node_modules/.cache, so tsx's and Playwright's caches
 * stay out of /tmp), none of its settings.
 */
export const childEnv = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  ...(process.env.TMPDIR === undefined ? {} : { TMPDIR: process.env.TMPDIR }),
  ...env,
});

/** A console in a process of its own (to be killed with SIGKILL, or stopped with SIGTERM), listening on `port`. */
export interface ProcessInstance {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code (null after a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** SIGKILL unless it has exited; resolves once it has. */
  kill(): Promise<void>;
}

/**
 * Starts `script` (server/main.ts, as `npm start` runs it, or a test's variant of it) with the settings a test console
 * has plus `env`; resolves once it prints that it is ready. `port`: where it listens (a free one when not given; a
 * restart behind a balancer takes its predecessor's).
 */
export async function startProcess(
  data: DataStore,
  env: Record<string, string> = {},
  script = 'server/main.ts',
  port?: number,
): Promise<ProcessInstance> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
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
      ...env,
    }),
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  await new Promise<void>((ready, failed) => {
    const check = (): void => {
      if (output.includes('Console ready at')) {
        child.stdout!.off('data', check);
        ready();
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => failed(new Error(`the console exited before it was ready: ${output}`)));
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
