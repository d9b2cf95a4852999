import { messages, format } from './messages.js';
import { catalogues, type Locale } from './locales.js';

type Node = string | readonly Node[] | { readonly [key: string]: Node };

/** Every text of the English catalogue with its path (`users.lastAdmin`, `changelog.entries.0.date`). */
function flatten(node: Node, path: string[] = []): [string[], string][] {
  if (typeof node === 'string') return [[path, node]];
  const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
  return entries.flatMap(([k, v]) => flatten(v as Node, [...path, k]));
}

const at = (node: Node, path: readonly string[]): string | undefined => {
  let n: Node | undefined = node;
  for (const key of path) n = n && typeof n === 'object' ? (n as Record<string, Node>)[key] : undefined;
  return typeof n === 'string' ? n : undefined;
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const english = flatten(messages as Node);
/** Plain texts by wording (the first path wins where two keys share a wording). */
const exact = new Map<string, string[]>();
/** Texts with `%{name}` marks, as patterns that give the values back. */
const patterns: { re: RegExp; names: string[]; path: string[] }[] = [];
for (const [path, text] of english) {
  const names = [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] as string);
  if (names.length === 0) {
    if (!exact.has(text)) exact.set(text, path);
    continue;
  }
  const source = text
    .split(/%\{\w+\}/)
    .map(escape)
    .join('(.+?)');
  patterns.push({ re: new RegExp(`^${source}$`, 's'), names, path });
}

/**
 * An English text of the catalogue (as core raises it, values filled in) in another language; a text the catalogue
 * does not hold (a library's own) stays as it is. Errors are raised and logged in English; only what goes out to a
 * person is translated, at the edge.
 */
export function translate(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  const target = catalogues[locale] as Node;
  const path = exact.get(text);
  if (path) return at(target, path) ?? text;
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (!m) continue;
    const wording = at(target, p.path);
    if (!wording) return text;
    return format(wording, Object.fromEntries(p.names.map((name, i) => [name, m[i + 1] ?? ''])));
  }
  return text;
}
