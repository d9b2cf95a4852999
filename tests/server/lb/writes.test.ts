import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createData,
  createUser,
  pgAvailable,
  request,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
} from '../helpers/index.js';
import { haproxyAvailable, startHaproxy } from '../helpers/haproxy.js';
import { freePort } from '../helpers/receiver.js';
import { storedImage } from '../helpers/images.js';
import { startProcess, type ProcessInstance } from '../helpers/process.js';

// Two instances on one PostgreSQL database behind HAProxy configured as docs/operating.md says (the helper reads the
// configuration from there). One instance runs in a process of its own that kills itself (SIGKILL) right after a
// chosen product has committed, before it answers: what a crash at the worst moment looks like to the balancer.
describe.runIf(pgAvailable() && haproxyAvailable())('a write whose instance dies after committing it', () => {
  let data: DataStore;
  let otherDir: string;
  let a: TestApp;
  let b: ProcessInstance;
  let lb: Awaited<ReturnType<typeof startHaproxy>>;
  let via: TestApp;

  beforeAll(async () => {
    data = await createData('postgres');
    otherDir = mkdtempSync(join(tmpdir(), 'console-b-'));
    const lbPort = await freePort();
    const env = { AUTH_SECRET: 'y'.repeat(40), PUBLIC_URL: `http://127.0.0.1:${lbPort}` };
    a = await startApp({ dialect: 'postgres', env, data });
    b = await startProcess(
      { ...data, dataDir: otherDir },
      { ...env, DIE_AFTER_COMMIT_OF: 'DIE-' },
      'tests/server/helpers/dyingMain.ts',
    );
    lb = await startHaproxy([new URL(a.baseUrl).port, String(b.port)].map(Number), lbPort);
    via = {
      ...a,
      baseUrl: lb.url,
      publicUrl: lb.url,
      api: (m, p, o = {}) => request(lb.url, m, p, { origin: lb.url, ...o }),
    };
  });
  afterAll(async () => {
    await lb?.close();
    await b?.kill();
    await a?.close();
    await data?.drop();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  });

  it('is not sent again to the other instance: the client gets 502, and the product is saved once', async () => {
    const editor = await createUser(a, 'editor');
    const cookie = await signIn(via, editor.email, editor.password);
    const image = await storedImage(a, editor.uid);
    const product = (sku: string) => ({
      sku,
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '100 kr',
      details: 'Washed',
      active: true,
      images: [image],
    });
    // Round robin: creates alternate between the instances until one lands on the one that dies after its commit.
    const answers: number[] = [];
    let sku = '';
    for (let i = 0; i < 6 && b.child.exitCode === null && b.child.signalCode === null; i++) {
      sku = `DIE-${i}`;
      const res = await via.api('POST', '/api/products', { cookie, body: product(sku) });
      answers.push(res.status);
      if (res.status !== 201) break;
    }
    expect((await b.exited).signal).toBe('SIGKILL');
    // Not 409 'A product with this SKU already exists': HAProxy did not send the create to the other instance.
    expect(answers.at(-1)).toBe(502);
    expect(answers.slice(0, -1).every((s) => s === 201)).toBe(true);
    const saved = await a.db.selectFrom('products').select('sku').where('sku', '=', sku).execute();
    expect(saved).toEqual([{ sku }]);
    // The other instance answers on; a read is still tried again on another instance when one fails.
    const admin = await signIn(via, ADMIN.email, ADMIN.password);
    expect((await via.api('GET', '/api/products?limit=10', { cookie: admin })).status).toBe(200);
  });
});
