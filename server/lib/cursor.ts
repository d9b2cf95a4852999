/** Opaque page cursors: the last item's sort key plus its id, as base64url JSON. */
export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id]), 'utf8').toString('base64url');
}

// Sort keys and ids are SKUs, times and uids: printable ASCII or letters, never controls or unpaired surrogates.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const PLAIN = /^[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]{0,200}$/u;

/** The sort key and id inside a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string): { key: string; id: string } | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      PLAIN.test(v[0]) &&
      PLAIN.test(v[1])
    ) {
      return { key: v[0], id: v[1] };
    }
  } catch {
    // Falls through: a cursor that does not decode is treated as bad input by the caller.
  }
  return null;
}
