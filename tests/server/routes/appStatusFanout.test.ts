import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, dialects, openEvents, signIn, startApp, type EventStream, type TestApp } from '../helpers/index.js';

// The streams that hear one announcement share one status read (server/routes/appStatus.ts); a read started
// before a change must never be handed to the streams told of that change.
describe.each(dialects())('live status fan-out to many streams (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const streams: EventStream[] = [];
  beforeAll(async () => {
    t = await startApp({ dialect, build: { statusPollMs: 60_000 } });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  /** Every event a stream has received until it stays quiet for `quietMs`. */
  const drain = async (s: EventStream, quietMs = 500): Promise<Array<{ active: boolean }>> => {
    const seen: Array<{ active: boolean }> = [];
    for (;;) {
      try {
        seen.push(await s.next<{ active: boolean }>(quietMs));
      } catch {
        return seen;
      }
    }
  };

  it('leaves 40 streams on the last of two quick changes, each stream told at most once per change', async () => {
    for (let i = 0; i < 40; i++) streams.push(await openEvents(t.baseUrl));
    for (const s of streams) expect((await s.next<{ active: boolean }>(5000)).active).toBe(true);
    // The second change is sent as soon as the server has the first.
    const offArrived = new Promise((r) => t.app.server.once('request', r));
    const offSent = t.api('PUT', '/api/app/status', { cookie: admin, body: { active: false } });
    await offArrived;
    const [off, on] = await Promise.all([
      offSent,
      t.api('PUT', '/api/app/status', { cookie: admin, body: { active: true } }),
    ]);
    expect([off.status, on.status]).toEqual([200, 200]);
    // The two requests race; whichever the server wrote last is the status every stream must end on.
    const last = ((await t.api('GET', '/api/app/status')).json as { active: boolean }).active;
    for (const events of await Promise.all(streams.map((s) => drain(s)))) {
      expect(events.at(-1)?.active ?? true).toBe(last);
      expect(events.length).toBeLessThanOrEqual(2);
    }
  });
});
