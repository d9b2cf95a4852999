import { describe, expect, it } from 'vitest';
import englishRa from 'ra-language-english';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import { pickLocale } from '../../../domain/locales.js';
import { said, textOf, throttledFor, type MessageKey } from '../../../domain/translate.js';
import { raSwedish } from '../../../src/raSwedish.js';

type Node = unknown;

/** Every text of a catalogue by its dotted path. */
function texts(node: Node, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (n: Node, p: string): void => {
    if (typeof n === 'string') out.set(p, n);
    else if (n && typeof n === 'object') for (const [k, v] of Object.entries(n)) walk(v, p ? `${p}.${k}` : k);
    else out.set(p, `<${typeof n}>`);
  };
  walk(node, path);
  return out;
}

const marks = (s: string): string[] => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!).sort();
const plurals = (s: string): number => s.split('||||').length;

/** What differs between two catalogues: keys only in one, and texts whose fill-in marks or plural forms differ. */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const k of a.keys()) if (!b.has(k)) out.push(`missing in the second: ${k}`);
  for (const k of b.keys()) if (!a.has(k)) out.push(`missing in the first: ${k}`);
  for (const [k, text] of a) {
    const other = b.get(k);
    if (other === undefined) continue;
    if (other.trim() === '' && text.trim() !== '') out.push(`empty: ${k}`);
    if (marks(text).join() !== marks(other).join()) out.push(`marks differ: ${k}`);
    if (plurals(text) !== plurals(other)) out.push(`plural forms differ: ${k}`);
  }
  return out;
}

describe('the catalogues', () => {
  it('our English and Swedish catalogues have the same keys, marks and no empty text', () => {
    expect(differences(texts(messages), texts(sv))).toEqual([]);
  });

  it("react-admin's Swedish texts have every key of its English pack, with the same marks and plural forms", () => {
    expect(differences(texts(englishRa.ra), texts(raSwedish.ra))).toEqual([]);
  });

  it('the check itself finds a key missing on either side', () => {
    const a = texts({ x: 'a', y: { z: 'b %{n}' } });
    expect(differences(a, texts({ x: 'a' }))).toEqual(['missing in the second: y.z']);
    expect(differences(texts({ x: 'a' }), a)).toEqual(['missing in the first: y.z']);
    expect(differences(a, texts({ x: 'a', y: { z: 'b' } }))).toEqual(['marks differ: y.z']);
  });

  it('keeps the specification’s English wording', () => {
    expect(messages.signin.failure).toBe('Invalid details or email already in use.');
    expect(messages.version.title).toBe('VERSION ERROR');
  });
});

describe('pickLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['sv', 'sv'],
    ['sv-SE,sv;q=0.9,en;q=0.8', 'sv'],
    ['en-GB,en;q=0.9,sv;q=0.8', 'en'],
    ['de-DE,de;q=0.9,sv;q=0.5', 'sv'],
    ['fi, de', 'en'],
    ['sv;q=0, en;q=0.1', 'en'],
    ['en;q=0.2, sv;q=0.7', 'sv'],
    ['SV-se', 'sv'],
    ['sv;q=abc', 'en'],
  ])('%j → %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});

describe('said and textOf', () => {
  it('say every text of the catalogue by its key, in English and in Swedish, values filled in', () => {
    const en = texts(messages);
    const swedish = texts(sv);
    for (const [key, text] of en) {
      if (/\.\d+(\.|$)/.test(key)) continue; // lists (the changelog) have no keys
      const values = Object.fromEntries(marks(text).map((name, i) => [name, `v${i}`]));
      const fill = (t: string) => t.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name]));
      const ref = said(key as MessageKey, marks(text).length > 0 ? values : undefined);
      expect(textOf(ref, 'en'), key).toBe(fill(text));
      expect(textOf(ref, 'sv'), key).toBe(fill(swedish.get(key)!));
    }
  });

  it('keeps texts apart that share an English wording but not a Swedish one', () => {
    const byWording = new Map<string, string[]>();
    for (const [key, text] of texts(messages)) byWording.set(text, [...(byWording.get(text) ?? []), key]);
    const swedish = texts(sv);
    const shared = [...byWording.values()].filter(
      (keys) => new Set(keys.map((k) => swedish.get(k))).size > 1 && !keys.some((k) => /\.\d+(\.|$)/.test(k)),
    );
    expect(shared.length).toBeGreaterThan(0);
    for (const keys of shared)
      for (const key of keys) expect(textOf(said(key as MessageKey), 'sv'), key).toBe(swedish.get(key));
  });

  it('leaves texts that are not a key of the catalogue as they are', () => {
    expect(textOf('Invalid origin', 'sv')).toBe('Invalid origin');
    expect(textOf('Invalid input: expected string, received number', 'sv')).toBe(
      'Invalid input: expected string, received number',
    );
    expect(textOf('no.such.key', 'sv')).toBe('no.such.key');
    expect(textOf('users', 'sv')).toBe('users');
    expect(textOf('uploads.tooMany {not json', 'sv')).toBe('uploads.tooMany {not json');
    expect(textOf('changelog.entries.0.date', 'sv')).toBe('changelog.entries.0.date');
  });

  it('names the wait of a throttled sign-in in seconds, minutes or not at all', () => {
    expect(textOf(throttledFor(0), 'en')).toBe(messages.signin.throttled);
    expect(textOf(throttledFor(17), 'sv')).toBe(sv.signin.throttledSeconds.replace('%{n}', '17'));
    expect(textOf(throttledFor(600), 'en')).toBe(messages.signin.throttledMinutes.replace('%{n}', '10'));
  });
});
