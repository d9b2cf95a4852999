import type { Mailer } from '../mail/index.js';
import { LOCALE_TAGS, type Locale } from '../../domain/locales.js';
import { say } from '../../domain/translate.js';

/**
 * Tells the account's owner that its password was changed: when (UTC, in their language) and from which address,
 * so a change they did not make stands out. Never the password itself.
 */
export async function mailPasswordChanged(
  mailer: Mailer,
  to: string,
  locale: Locale,
  change: { at: Date; address: string },
): Promise<void> {
  const time = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(change.at);
  await mailer.send({
    to,
    subject: say(locale, 'mail.passwordChangedSubject'),
    text: say(locale, 'mail.passwordChangedBody', { time, address: change.address }),
  });
}
