import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import {
  ADMIN,
  createUser,
  dialects,
  linkIn,
  signIn,
  startApp,
  startSmtp,
  type SmtpCatcher,
  type TestApp,
} from '../helpers/index.js';

const SWEDISH = { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.5' };

describe.each(dialects())('answers and mails in the caller’s language (%s)', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let admin: string;
  let adminUid: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp({ dialect, env: { SMTP_URL: smtp.url } });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    adminUid = (await t.api('GET', '/api/me', { cookie: admin })).json.uid;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers an error in Swedish when asked, in English otherwise, and says the answer varies by it', async () => {
    const swedish = await t.api('GET', '/api/products', { headers: SWEDISH });
    expect(swedish.status).toBe(401);
    expect(swedish.json.error).toEqual({ code: 'unauthenticated', message: sv.errors.unauthenticated });
    expect(swedish.headers.get('vary')).toMatch(/accept-language/i);
    const english = await t.api('GET', '/api/products');
    expect(english.json.error.message).toBe(messages.errors.unauthenticated);
    const german = await t.api('GET', '/api/products', { headers: { 'accept-language': 'de' } });
    expect(german.json.error.message).toBe(messages.errors.unauthenticated);
  });

  it('translates a rule’s refusal and each field’s reason, and changes nothing', async () => {
    const self = await t.api('PATCH', `/api/users/${adminUid}`, {
      cookie: admin,
      body: { active: false },
      headers: SWEDISH,
    });
    expect(self.status).toBe(403);
    expect(self.json.error.message).toBe(sv.users.selfDeactivate);
    expect((await t.api('GET', '/api/me', { cookie: admin })).json.active).toBe(true);

    const bad = await t.api('POST', '/api/users', {
      cookie: admin,
      body: { email: 'not an address', firstName: 'A', lastName: 'B' },
      headers: SWEDISH,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe(sv.errors.validation);
    expect(bad.json.error.details).toContainEqual(expect.objectContaining({ message: sv.errors.email }));
  });

  it('writes the reset mail in the language of the browser that asked', async () => {
    const user = await createUser(t, 'editor');
    const res = await t.api('POST', '/api/auth/request-password-reset', {
      body: { email: user.email },
      headers: SWEDISH,
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(sv.mail.resetSubject);
    const link = linkIn(mail)!;
    expect(link.startsWith(`${t.publicUrl}/reset-password?token=`)).toBe(true);
    expect(mail.text.replace(/\r\n/g, '\n').trimEnd()).toBe(sv.mail.resetBody.replace('%{link}', link).trimEnd());
  });

  it('writes the invitation in the inviting admin’s language', async () => {
    const email = `ny-${dialect}@example.com`;
    const res = await t.api('POST', '/api/users', {
      cookie: admin,
      body: { email, firstName: 'Åsa', lastName: 'Öberg' },
      headers: SWEDISH,
    });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe(sv.mail.inviteSubject);
    expect(mail.text).toContain('Åsa');
    expect(mail.text).not.toContain(messages.mail.inviteSubject);
  });
});
