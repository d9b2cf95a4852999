import { SMTPServer } from 'smtp-server';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A message as a test reads it: envelope recipients, headers, decoded text body. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** Decodes a MIME text part by its Content-Transfer-Encoding. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as a subject with å, ä, ö arrives. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([\w-]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Parses the single-part text mail nodemailer writes for our plain-text messages. */
export function parseMail(raw: string, to: string[] = []): CaughtMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string): string => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const recipients =
    to.length > 0
      ? to
      : header('To')
          .split(',')
          .map((s) => s.trim());
  return {
    to: recipients,
    subject: decodeWords(header('Subject')),
    text: decodeBody(body, header('Content-Transfer-Encoding').toLowerCase()),
  };
}

/** The reset link inside a mail's text. */
export const linkIn = (mail: CaughtMail): string | undefined => /https?:\/\/\S+/.exec(mail.text)?.[0];

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it receives. */
export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** The first mail to this address, waiting for it up to timeoutMs. */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, timeoutMs = 5000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const hit = mails.find((m) => m.to.includes(to));
        if (hit) return hit;
        if (Date.now() > end) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every .eml in DATA_DIR/outbox (the mailer's fallback without SMTP_URL), parsed. */
export function outbox(dataDir: string): CaughtMail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(readFileSync(join(dir, f), 'utf8')));
}

/** Waits for the outbox to hold a mail to this address (sending is not awaited by the request). */
export async function waitForOutbox(dataDir: string, to: string, timeoutMs = 5000): Promise<CaughtMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const hit = outbox(dataDir).find((m) => m.to.includes(to));
    if (hit) return hit;
    if (Date.now() > end) throw new Error(`no outbox mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
