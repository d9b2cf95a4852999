import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../../../server/mail/index.js';
import {
  createData,
  createUser,
  dialects,
  linkIn,
  outbox,
  startApp,
  waitForOutbox,
  type TestApp,
} from '../helpers/index.js';

describe.each(dialects())('mail without SMTP_URL goes to DATA_DIR/outbox (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  it('writes the reset mail as an .eml file carrying the PUBLIC_URL link', async () => {
    expect(t.config.smtpUrl).toBeNull();
    const user = await createUser(t, 'noRole');
    const res = await t.api('POST', '/api/auth/request-password-reset', { body: { email: user.email } });
    expect(res.status).toBe(200);
    const mail = await waitForOutbox(t.data.dataDir, user.email);
    expect(mail.subject).toBe('Reset your password');
    expect(linkIn(mail)).toMatch(new RegExp(`^${t.publicUrl}/reset-password\\?token=[\\w-]+$`));
    expect(outbox(t.data.dataDir).filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });
});

describe.each(dialects())('a mail asked for just before the server stops (%s)', (dialect) => {
  // The reset request answers before its mail is written (its send is not awaited): the close waits for the send, so
  // the link is not lost to a stop, and nothing is written into DATA_DIR once the server has closed.
  it('is written by the time the close has ended', async () => {
    const data = await createData(dialect);
    try {
      const t = await startApp({ dialect, data });
      const user = await createUser(t, 'noRole');
      const res = await t.api('POST', '/api/auth/request-password-reset', { body: { email: user.email } });
      expect(res.status).toBe(200);
      await t.close();
      expect(outbox(data.dataDir).map((m) => m.to)).toEqual([[user.email]]);
    } finally {
      await data.drop();
    }
  });
});

describe('createMailer outbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one private .eml per message and logs the link it carries', async () => {
    const logs: string[] = [];
    const mailer = createMailer({
      smtpUrl: null,
      from: 'console@localhost',
      outboxDir: join(dir, 'outbox'),
      log: (m) => logs.push(m),
    });
    await mailer.send({ to: 'a@test.local', subject: 'One', text: 'Open https://console.test/x?token=1 now' });
    await mailer.send({ to: 'b@test.local', subject: 'Two', text: 'No link here' });
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    expect(statSync(join(dir, 'outbox', files[0]!)).mode & 0o077).toBe(0);
    expect(
      outbox(dir)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['One', 'Two']);
    expect(logs[0]).toContain('(link: https://console.test/x?token=1)');
    expect(logs[1]).not.toContain('link:');
  });

  it('shows a link it keeps on the server’s terminal, framed, when asked to (npm start)', async () => {
    const shown: string[] = [];
    const mailer = createMailer({
      smtpUrl: null,
      from: 'console@localhost',
      outboxDir: join(dir, 'shown'),
      log: () => undefined,
      announce: (text) => shown.push(text),
    });
    await mailer.send({ to: 'olle@test.local', subject: 'Welcome', text: 'Set it: https://console.test/r?token=2 .' });
    await mailer.send({ to: 'olle@test.local', subject: 'Plain', text: 'Nothing to open' });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('Mail to olle@test.local: Welcome\nhttps://console.test/r?token=2\n');
    expect(shown[0]).toContain(`kept in ${join(dir, 'shown')}`);
  });
});
