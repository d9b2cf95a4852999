import type { Catalogue } from '../../domain/messages';
import type { UserShow } from '../../domain/users';
import { LOCALE_TAGS, type Locale } from '../../domain/locales';
import { currentMessages, getLocale } from '../../base/locale';

/** A timestamp as a short date string in the console's language ('Never' when there is none), not the browser's. */
export function shortDate(
  iso: string | null | undefined,
  m: Catalogue = currentMessages(),
  locale: Locale = getLocale(),
): string {
  if (!iso) return m.users.never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(LOCALE_TAGS[locale]);
}

/** A flag as the screens show it: True or False. */
export function flagLabel(value: boolean, m: Catalogue = currentMessages()): string {
  return value ? m.users.trueLabel : m.users.falseLabel;
}

/** The staff a narrowed users list shows (?show=…), in the words of the dashboard figure that links to it. */
export const shownLabel = (show: UserShow, m: Catalogue = currentMessages()): string =>
  ({
    active: m.dashboard.staffActive,
    inactive: m.dashboard.staffInactive,
    admins: m.dashboard.admins,
    editors: m.dashboard.editors,
    noSecondFactor: m.dashboard.noSecondFactor,
  })[show];
