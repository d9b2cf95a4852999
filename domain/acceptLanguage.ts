/**
 * The best of our languages for an Accept-Language header (RFC 9110 §12.5.4), or for a list of browser languages joined
 * by commas: the highest-weighted tag whose primary language `known` names (so 'sv-SE' is 'sv'), or undefined when none
 * is. Tags with q=0 or a weight that is not a number count as not wanted; equal weights keep the order given.
 */
export function preferredLanguage<T>(
  header: string | null | undefined,
  known: (primary: string) => T | undefined,
): T | undefined {
  if (!header) return undefined;
  let best: { value: T; q: number } | undefined;
  // A bound on the work one header can ask for; no browser sends twenty languages.
  for (const [i, part] of header.split(',').slice(0, 20).entries()) {
    const [tag = '', ...params] = part.trim().split(';');
    const value = known(tag.trim().toLowerCase().split('-')[0] ?? '');
    if (value === undefined) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    // Equal weights keep the order given (i breaks the tie toward the first).
    if (!best || q - i * 1e-9 > best.q) best = { value, q: q - i * 1e-9 };
  }
  return best?.value;
}
