import type { Transporter } from 'nodemailer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail over SMTP, or writes it to an outbox folder when no SMTP server is set. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Resolves once every send under way has ended, sent or failed: the server's close waits for it, so a mail asked
   * for just before a stop (a reset link, whose send the request does not wait for) is not cut off, and nothing is
   * written to the outbox after the server has closed.
   */
  settled(): Promise<void>;
}

/**
 * SMTP when smtpUrl is set, else one .eml per message in outboxDir with a log line naming any link. nodemailer
 * (about 10 MB of memory) loads with the first message, not at start.
 */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: (msg: string) => void;
  /**
   * The server's terminal (npm start): a mail kept in the outbox that carries a link (an invitation, a reset) is shown
   * there framed, as the first admin's password is, rather than only as one line among the request log's.
   */
  announce?: (text: string) => void;
}): Mailer {
  let transport: Promise<Transporter> | null = null;
  const open = (): Promise<Transporter> =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      opts.smtpUrl
        ? nodemailer.createTransport(opts.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const underWay = new Set<Promise<void>>();
  /** Runs one send, kept among those under way until it ends. */
  const tracked = (send: () => Promise<void>): Promise<void> => {
    const sending = send();
    const ended = sending.then(
      () => undefined,
      () => undefined,
    );
    underWay.add(ended);
    void ended.then(() => underWay.delete(ended));
    return sending;
  };
  const settled = async (): Promise<void> => {
    while (underWay.size > 0) await Promise.all([...underWay]);
  };
  if (opts.smtpUrl) {
    return {
      send: (mail) =>
        tracked(async () => {
          await (await open()).sendMail({ from: opts.from, ...mail });
        }),
      settled,
    };
  }
  return {
    settled,
    send: (mail) =>
      tracked(async () => {
        const info = await (await open()).sendMail({ from: opts.from, ...mail });
        mkdirSync(opts.outboxDir, { recursive: true });
        const file = join(
          opts.outboxDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
        );
        writeFileSync(file, info.message as Buffer, { mode: 0o600 });
        const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
        opts.log(`Mail to ${mail.to} written to ${file}${link ? ` (link: ${link})` : ''}`);
        if (link && opts.announce) {
          const rule = '='.repeat(72);
          opts.announce(
            `\n${rule}\nMail to ${mail.to}: ${mail.subject}\n${link}\n(no SMTP_URL: kept in ${file})\n${rule}\n`,
          );
        }
      }),
  };
}
