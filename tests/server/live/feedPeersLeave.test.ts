import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../../../server/cli.js';
import {
  createData,
  createUser,
  pgAvailable,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
} from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { startProcess } from '../helpers/process.js';

// On PostgreSQL a save drops the storefront's kept answers on every instance and waits (at most 2 s) until each has
// said it did. Who it waits for: instances that are up. One that stops says so, a command-line call is never one, and
// one that crashed holds up one save, not every save until it would be forgotten (about 15 s).
describe.runIf(pgAvailable())('whom a save waits for, on PostgreSQL', () => {
  let data: DataStore;
  let a: TestApp;
  let cookie: string;
  let image: string;
  const dirs: string[] = [];
  const warnings: string[] = [];
  const otherDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-peer-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    data = await createData('postgres');
    a = await startApp({ dialect: 'postgres', data });
    // The instance's log, as the feed cache writes to it (the same object).
    a.app.log.warn = ((_o: unknown, msg?: string) => void warnings.push(String(msg))) as typeof a.app.log.warn;
    const editor = await createUser(a, 'editor');
    cookie = await signIn(a, editor.email, editor.password);
    image = await storedImage(a, editor.uid);
  });
  afterAll(async () => {
    await a?.close();
    await data?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => void (warnings.length = 0));

  let n = 0;
  /** A save through the first instance: a new product, answered once every other instance dropped (or 2 s passed). */
  const save = async (): Promise<void> => {
    const body = { sku: `PEER-${n++}`, name: 'Towel', category: 'Linen', mc: 'Linen care', price: '1 kr' };
    const res = await a.api('POST', '/api/products', {
      cookie,
      body: { ...body, details: 'Washed', active: true, images: [image] },
    });
    expect(res.status, res.text).toBe(201);
  };
  const waitedOut = () => warnings.filter((w) => w.includes('did not confirm a drop in time')).length;
  const knows = (count: number) =>
    vi.waitFor(() => expect(a.services.feed.waitsFor).toBe(count), { timeout: 20_000, interval: 50 });

  it('waits for an instance that stopped no more, from the moment it stopped', async () => {
    const b = await startApp({ dialect: 'postgres', data: { ...data, dataDir: otherDir() } });
    await knows(1);
    await save();
    await b.close();
    await save();
    await save();
    expect(waitedOut()).toBe(0);
    await knows(0);
  });

  it('never waits for a command-line call', async () => {
    const env = { DATA_DIR: otherDir(), DATABASE_URL: data.databaseUrl!, LOG_LEVEL: 'silent' };
    const io = { out: () => undefined, err: () => undefined };
    expect(await cli(['app-status', 'on'], env, io)).toBe(0);
    expect(await cli(['app-status', 'on'], env, io)).toBe(0);
    await save();
    await save();
    expect(waitedOut()).toBe(0);
    expect(a.services.feed.waitsFor).toBe(0);
  });

  it('waits for a crashed instance once, not for every save after', async () => {
    const c = await startProcess({ ...data, dataDir: otherDir() });
    try {
      await knows(1);
      await c.kill();
      for (let i = 0; i < 3; i++) await save();
      expect(waitedOut()).toBe(1);
      expect(a.services.feed.waitsFor).toBe(0);
    } finally {
      await c.kill();
    }
    // Its own process starts in the test: time for that on a busy machine.
  }, 90_000);
});
