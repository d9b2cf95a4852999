import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createUser,
  dialects,
  openEvents,
  signIn,
  startApp,
  type EventStream,
  type TestApp,
} from '../helpers/index.js';

// Each open dashboard hears only of changes to what its reader may read: a person with no role and an admin without
// the editor flag are not told when a supplier changes; an editor is, and the admin is told of a person's change.
describe.each(dialects())('the dashboard’s stream, as far as its reader may read (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const open: EventStream[] = [];
  const follow = async (cookie: string) => {
    const s = await openEvents(t.baseUrl, '/api/dashboard/events', { cookie });
    expect(s.status).toBe(200);
    open.push(s);
    return s;
  };
  const person = async (kind: 'noRole' | 'admin' | 'editor') => {
    const u = await createUser(t, kind);
    if (kind === 'admin') {
      const res = await t.api('PATCH', `/api/users/${u.uid}`, { cookie: admin, body: { isEditor: false } });
      expect(res.status, res.text).toBe(200);
    }
    return { ...u, cookie: await signIn(t, u.email, u.password) };
  };
  /** Ends a person's streams (their deactivation): everything written to a stream before arrives before its end. */
  const deactivate = async (uid: string) => {
    const res = await t.api('PATCH', `/api/users/${uid}`, { cookie: admin, body: { active: false } });
    expect(res.status, res.text).toBe(200);
  };

  /** The events a stream holds, unread. */
  const drained = async (s: EventStream): Promise<unknown[]> => {
    const got: unknown[] = [];
    for (;;) {
      try {
        got.push(await s.next(0));
      } catch {
        return got;
      }
    }
  };

  beforeAll(async () => {
    t = await startApp({ dialect });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  it('tells an editor of a supplier added, and nobody who may not read suppliers', async () => {
    const [none, plainAdmin, editor] = [await person('noRole'), await person('admin'), await person('editor')];
    const [noneHears, adminHears, editorHears] = [
      await follow(none.cookie),
      await follow(plainAdmin.cookie),
      await follow(editor.cookie),
    ];
    const made = await t.api('POST', '/api/suppliers', {
      cookie: editor.cookie,
      origin: t.publicUrl,
      body: { name: 'Weaver', contactPerson: '', email: '', country: 'SE', notes: '' },
    });
    expect(made.status, made.text).toBe(201);
    // Every open stream is told of one announcement at once: once the editor's has it, the others have had theirs.
    expect(await editorHears.next(10_000)).toEqual({ changed: true });
    await deactivate(plainAdmin.uid);
    await adminHears.ended;
    await deactivate(none.uid);
    await noneHears.ended;
    expect(await drained(noneHears)).toEqual([]);
    // The admin reads people: its own deactivation is a change to a person, told before its stream ends.
    expect(await drained(adminHears)).toEqual([{ changed: true }]);
  });

  it('tells an admin without the editor flag of a change to a person', async () => {
    const plainAdmin = await person('admin');
    const hears = await follow(plainAdmin.cookie);
    const other = await createUser(t, 'noRole');
    const res = await t.api('PATCH', `/api/users/${other.uid}`, { cookie: admin, body: { isEditor: true } });
    expect(res.status, res.text).toBe(200);
    expect(await hears.next(10_000)).toEqual({ changed: true });
  });
});
