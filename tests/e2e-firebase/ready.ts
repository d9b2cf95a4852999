import { existsSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

/** How long the walk's server may take to build and seed (it shares the machine with the local server's build). */
const LIMIT_MS = 300_000;

/**
 * Playwright's global setup: when the run includes the Firebase walk, waits until its server (serve.ts, started first
 * and left to build beside the local server) has written FIREBASE_E2E_INFO, and fails the run with its error if it
 * could not start. Its teardown removes that file.
 */
export default async function ready(): Promise<(() => void) | undefined> {
  if (!process.env.FIREBASE_E2E_WALK) return undefined;
  const file = process.env.FIREBASE_E2E_INFO!;
  const deadline = Date.now() + LIMIT_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`The Firebase walk's server was not up within ${LIMIT_MS / 1000} s`);
    await delay(250);
  }
  const info = JSON.parse(readFileSync(file, 'utf8')) as { error?: string };
  if (info.error) throw new Error(`The Firebase walk's server could not start: ${info.error}`);
  return () => rmSync(file, { force: true });
}
