import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import {
  ADMIN,
  createUser,
  dialects,
  openEvents,
  pgAvailable,
  signIn,
  startApp,
  type EventStream,
  type TestApp,
} from '../helpers/index.js';

/** Whether the stream has been ended by the server within `ms` (a bound on failure only: it ends on the event). */
const endsWithin = (s: EventStream, ms: number): Promise<boolean> =>
  Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

// A person's open event streams end with their session: deactivated, signed out everywhere, a session ended by an
// admin. Another person's streams stay open and keep hearing changes.
describe.each(dialects())('open streams end with their session (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const open: EventStream[] = [];
  const follow = async (cookie: string, path: string) => {
    const s = await openEvents(t.baseUrl, path, { cookie });
    expect(s.status).toBe(200);
    open.push(s);
    return s;
  };
  const person = async () => {
    const u = await createUser(t, 'noRole');
    return { ...u, cookie: await signIn(t, u.email, u.password) };
  };

  beforeAll(async () => {
    t = await startApp({ dialect });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  it('ends a deactivated person’s dashboard and status streams; an admin’s go on hearing changes', async () => {
    const p = await person();
    const dashboard = await follow(p.cookie, '/api/dashboard/events');
    const status = await follow(p.cookie, '/api/app/status/events');
    await status.next(10_000);
    const watching = await follow(admin, '/api/dashboard/events');
    const off = await t.api('PATCH', `/api/users/${p.uid}`, { cookie: admin, body: { active: false } });
    expect(off.status, off.text).toBe(200);
    expect(await endsWithin(dashboard, 10_000)).toBe(true);
    expect(await endsWithin(status, 10_000)).toBe(true);
    expect(await watching.next(10_000)).toEqual({ changed: true });
    expect(await endsWithin(watching, 0)).toBe(false);
  });

  it('ends the streams of a person who signs out everywhere', async () => {
    const p = await person();
    const dashboard = await follow(p.cookie, '/api/dashboard/events');
    const out = await t.api('POST', '/api/auth/revoke-sessions', { cookie: p.cookie, origin: t.publicUrl, body: {} });
    expect(out.status, out.text).toBe(200);
    expect(await endsWithin(dashboard, 10_000)).toBe(true);
  });

  it('ends the streams of a person whose sessions an admin ends', async () => {
    const p = await person();
    const dashboard = await follow(p.cookie, '/api/dashboard/events');
    const ended = await t.api('DELETE', `/api/users/${p.uid}/sessions`, { cookie: admin, origin: t.publicUrl });
    expect(ended.status, ended.text).toBeLessThan(300);
    expect(await endsWithin(dashboard, 10_000)).toBe(true);
  });
});

// Behind a load balancer a person's stream may be open on one instance while an admin deactivates them on another:
// the sessions' announcement (PostgreSQL NOTIFY) ends it there too.
describe.runIf(pgAvailable())('open streams end with their session on another instance (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  const open: EventStream[] = [];
  beforeAll(async () => {
    a = await startApp({ dialect: 'postgres' });
    b = await startApp({ dialect: 'postgres', data: a.data });
    admin = await signIn(a, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await b?.close();
    await a?.close();
  });

  it('ends on instance B the streams of a person deactivated on instance A; an admin’s on B go on', async () => {
    const u = await createUser(a, 'noRole');
    const cookie = await signIn(a, u.email, u.password);
    const dashboard = await openEvents(b.baseUrl, '/api/dashboard/events', { cookie });
    const status = await openEvents(b.baseUrl, '/api/app/status/events', { cookie });
    const watching = await openEvents(b.baseUrl, '/api/dashboard/events', { cookie: admin });
    open.push(dashboard, status, watching);
    expect([dashboard.status, status.status, watching.status]).toEqual([200, 200, 200]);
    await status.next(10_000);
    const off = await a.api('PATCH', `/api/users/${u.uid}`, { cookie: admin, body: { active: false } });
    expect(off.status, off.text).toBe(200);
    expect(await endsWithin(dashboard, 10_000)).toBe(true);
    expect(await endsWithin(status, 10_000)).toBe(true);
    expect(await watching.next(10_000)).toEqual({ changed: true });
    expect(await endsWithin(watching, 0)).toBe(false);
  });
});

// On SQLite the command line is another process on the same file: its deactivation reaches the open streams too.
describe('open streams end with a deactivation committed by another process (SQLite)', () => {
  let t: TestApp;
  let other: SQLite.Database;
  const open: EventStream[] = [];
  beforeAll(async () => {
    t = await startApp({ dialect: 'sqlite' });
    // A connection of its own, as the command line (npm run cli -- deactivate) has.
    other = new SQLite(t.services.db.sqlite!.name);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    other?.close();
    await t?.close();
  });

  it('ends the person’s stream without their making another request', async () => {
    const u = await createUser(t, 'noRole');
    const cookie = await signIn(t, u.email, u.password);
    const dashboard = await openEvents(t.baseUrl, '/api/dashboard/events', { cookie });
    open.push(dashboard);
    expect(dashboard.status).toBe(200);
    other.prepare('update users set active = 0 where id = ?').run(u.uid);
    expect(await endsWithin(dashboard, 10_000)).toBe(true);
  });
});
