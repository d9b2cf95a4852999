import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Dates and numbers on screen follow the console's language (the user menu's), not the browser's: a formatter given no
// language (`toLocaleString()`, `new Intl.DateTimeFormat()`, `Intl.NumberFormat(undefined, …)`) would write a Swedish
// screen's dates the way an English browser does. Every browser file names one (LOCALE_TAGS[locale]).
const ROOT = join(import.meta.dirname, '../../..');
const BROWSER = ['src', 'base', 'resources', 'providers', 'domain'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const FORMATS = 'DateTimeFormat|NumberFormat|RelativeTimeFormat|DisplayNames|ListFormat|PluralRules';

/** The calls in a text that format a date or number in the browser's language. */
function browserLocaleCalls(text: string): string[] {
  const patterns = [
    /\.toLocale(?:Date|Time)?String\(\s*(?:\)|undefined\b)/g,
    new RegExp(`Intl\\.(?:${FORMATS})\\(\\s*(?:\\)|undefined\\b|\\[\\s*\\])`, 'g'),
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[0]));
}

describe('dates and numbers in the console’s language', () => {
  it('finds a formatter given no language', () => {
    expect(browserLocaleCalls('new Date(iso).toLocaleString()')).toHaveLength(1);
    expect(browserLocaleCalls('d.toLocaleDateString(undefined, { dateStyle: "long" })')).toHaveLength(1);
    expect(browserLocaleCalls('new Intl.DateTimeFormat().format(d)')).toHaveLength(1);
    expect(browserLocaleCalls('new Intl.NumberFormat(undefined, {})')).toHaveLength(1);
    expect(browserLocaleCalls('new Intl.DisplayNames([], { type: "region" })')).toHaveLength(1);
    expect(browserLocaleCalls('n.toLocaleString(LOCALE_TAGS[locale])')).toHaveLength(0);
    expect(browserLocaleCalls("new Intl.DateTimeFormat('en-US', { timeZone: zone })")).toHaveLength(0);
  });

  it('none in the browser’s files: each names the console’s language', () => {
    const found = BROWSER.flatMap(sources).flatMap((file) =>
      browserLocaleCalls(readFileSync(join(ROOT, file), 'utf8')).map((call) => `${file}: ${call}`),
    );
    expect(found).toEqual([]);
  });
});
