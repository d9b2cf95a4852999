import http from 'node:http';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeActive } from '../../../server/core/appStatus.js';
import {
  ADMIN,
  dialects,
  openEvents,
  pgAvailable,
  signIn,
  startApp,
  type EventStream,
  type TestApp,
} from '../helpers/index.js';

interface Status {
  active: boolean;
  version: string;
}

/** The first raw chunk of a stream that contains `marker`. */
function rawUntil(url: string, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const req = http.get(url, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        seen += c;
        if (seen.includes(marker)) {
          req.destroy();
          resolve(seen);
        }
      });
    });
    req.on('error', (err) => (seen.includes(marker) ? undefined : reject(err)));
  });
}

describe.each(dialects())('live app status over server-sent events (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const streams: EventStream[] = [];
  const listen = async (app: TestApp): Promise<EventStream> => {
    const s = await openEvents(app.baseUrl);
    streams.push(s);
    return s;
  };
  const put = (app: TestApp, active: boolean, cookie = admin) =>
    app.api('PUT', '/api/app/status', { cookie, body: { active } });

  beforeAll(async () => {
    t = await startApp({ dialect, build: { heartbeatMs: 100 } });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await writeActive(t.db, true);
  });
  afterAll(async () => t?.close());

  it('sends the current {active, version} on connect', async () => {
    const events = await listen(t);
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events.headers['cache-control']).toBe('no-store');
    expect(await events.next<Status>(1000)).toEqual({ active: true, version: t.config.version });
  });

  it('sends a change to every listener within a second of an admin PUT', async () => {
    const [a, b] = [await listen(t), await listen(t)];
    await a.next(1000);
    await b.next(1000);
    const res = await put(t, false);
    expect(res.json).toEqual({ active: false, version: t.config.version });
    expect(await a.next<Status>(1000)).toEqual({ active: false, version: t.config.version });
    expect(await b.next<Status>(1000)).toEqual({ active: false, version: t.config.version });
    await put(t, true);
    expect((await a.next<Status>(1000)).active).toBe(true);
  });

  it('sends nothing for a PUT that changes nothing', async () => {
    const events = await listen(t);
    await events.next(1000);
    await put(t, true);
    await put(t, false);
    // Had the first PUT sent an event, it would come first and say active: true.
    expect((await events.next<Status>(1000)).active).toBe(false);
  });

  it('hears a change another process made (the CLI) within two seconds', async () => {
    const events = await listen(t);
    await events.next(1000);
    if (dialect === 'postgres') {
      // Another process on PostgreSQL: its own connection writes, then NOTIFYs, as the CLI does.
      const other = new pg.Client({ connectionString: t.data.databaseUrl! });
      await other.connect();
      await other.query(`UPDATE app_status SET active = 0`);
      await other.query('NOTIFY app_status');
      await other.end();
    } else {
      // On SQLite nothing is published across processes: the stream's poll must notice the row.
      await writeActive(t.db, false);
    }
    expect((await events.next<Status>(2000)).active).toBe(false);
  });

  it('sends a retry hint and keeps the stream alive with heartbeats', async () => {
    const raw = await rawUntil(`${t.baseUrl}/api/app/status/events`, ': heartbeat');
    expect(raw).toMatch(/^retry: \d+\n\n/);
    expect(raw).toContain('id: 1\ndata: {"active":true');
  });

  it('does not let a non-admin change it, and keeps the stream quiet then', async () => {
    const events = await listen(t);
    await events.next(1000);
    expect((await put(t, false, '')).status).toBe(401);
    await put(t, false);
    expect((await events.next<Status>(1000)).active).toBe(false);
  });
});

describe.runIf(pgAvailable())('two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let events: EventStream | undefined;
  beforeAll(async () => {
    a = await startApp({ dialect: 'postgres' });
    b = await startApp({ dialect: 'postgres', data: a.data });
  });
  afterAll(async () => {
    events?.close();
    await b?.close();
    await a?.close();
  });

  it(
    'carries a change PUT through instance A to a listener ' + 'on instance B within a second (LISTEN/NOTIFY)',
    async () => {
      events = await openEvents(b.baseUrl);
      expect(await events.next<Status>(1000)).toEqual({ active: true, version: b.config.version });
      const cookie = await signIn(a, ADMIN.email, ADMIN.password);
      expect((await a.api('PUT', '/api/app/status', { cookie, body: { active: false } })).status).toBe(200);
      expect(await events.next<Status>(1000)).toEqual({ active: false, version: b.config.version });
      // And a session made on A is good on B: sessions live in the shared database.
      expect((await b.api('PUT', '/api/app/status', { cookie, body: { active: true } })).status).toBe(200);
      expect((await events.next<Status>(1000)).active).toBe(true);
    },
  );
});
