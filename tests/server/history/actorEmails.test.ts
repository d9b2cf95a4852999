import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callerOf, createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';

type Entry = { actor: string | null; actorName: string; actorEmail?: string; kind: string; resource: string | null };

// Anyone may call themselves anything: where a name says who made a change (a History panel, Activity, the
// dashboard's last changes), an admin is also told the account's email; nobody else is.
describe.each(dialects())('who made a change, as an admin can tell the account (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let pretender: { uid: string; email: string };
  let supplierId: string;

  beforeAll(async () => {
    t = await startApp({ dialect });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    editor = (await callerOf(t, 'editor')).cookie!;
    const p = await createUser(t, 'editor');
    pretender = { uid: p.uid, email: p.email };
    const cookie = await signIn(t, p.email, p.password);
    const renamed = await t.api('PATCH', '/api/me', { cookie, body: { firstName: 'Shop', lastName: 'Admin' } });
    expect(renamed.status, renamed.text).toBe(200);
    const made = await t.api('POST', '/api/suppliers', {
      cookie,
      origin: t.publicUrl,
      body: { name: 'Weaver', contactPerson: '', email: '', country: 'SE', notes: '' },
    });
    expect(made.status, made.text).toBe(201);
    supplierId = made.json.id as string;
  });
  afterAll(async () => t?.close());

  const theirs = (items: Entry[]) => items.find((e) => e.actor === pretender.uid && e.resource === 'suppliers')!;

  it('tells an admin the email beside the name in Activity and a History panel; an editor is not told', async () => {
    const activity = (await t.api('GET', '/api/history?kind=record&limit=10', { cookie: admin })).json.items;
    expect(theirs(activity)).toMatchObject({ actorName: 'Shop Admin', actorEmail: pretender.email });
    const panel = (await t.api('GET', `/api/suppliers/${supplierId}/history`, { cookie: admin })).json.items;
    expect(theirs(panel)).toMatchObject({ actorName: 'Shop Admin', actorEmail: pretender.email });
    const asEditor = (await t.api('GET', `/api/suppliers/${supplierId}/history`, { cookie: editor })).json.items;
    expect(theirs(asEditor).actorName).toBe('Shop Admin');
    expect(theirs(asEditor)).not.toHaveProperty('actorEmail');
  });

  it('tells an admin the email in the dashboard’s last changes; an editor is not told', async () => {
    const last = (cookie: string) =>
      t.api('GET', '/api/dashboard', { cookie }).then((r) => (r.json.catalogue.recent as Entry[])[0]!);
    expect(await last(admin)).toMatchObject({ actorName: 'Shop Admin', actorEmail: pretender.email });
    expect(await last(editor)).not.toHaveProperty('actorEmail');
  });
});
