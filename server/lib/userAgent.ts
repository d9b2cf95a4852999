import Bowser from 'bowser';

/** A browser and a system as a person reads them: 'Chrome 140', 'Windows 10'; null where the header says nothing. */
export interface AgentText {
  browser: string | null;
  system: string | null;
}

const MAX_HEADER = 1024;

/**
 * Names the browser and system of a User-Agent header (bowser's parse; the major version only, enough to tell two
 * apart).
 */
export function describeAgent(header: string | null | undefined): AgentText {
  const ua = (header ?? '').slice(0, MAX_HEADER).trim();
  if (!ua) return { browser: null, system: null };
  const { browser, os } = Bowser.parse(ua);
  const major = (v: string | undefined): string => (v ? ` ${v.split('.')[0]}` : '');
  return {
    browser: browser.name ? `${browser.name}${major(browser.version)}` : null,
    system: os.name ? `${os.name}${os.versionName ? ` ${os.versionName}` : major(os.version)}` : null,
  };
}
