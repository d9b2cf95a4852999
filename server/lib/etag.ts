import { createHash } from 'node:crypto';

/** A strong entity tag for exactly these bytes: the same body always gets the same tag, any change a new one. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * True when an If-None-Match header names `etag` (or is `*`): the caller's copy is current and a 304 will do.
 * If-None-Match compares weakly (RFC 9110 §13.1.2), so a W/ prefix a CDN added still matches.
 */
export function notModified(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  // What a client that kept the answer sends back: the tag alone.
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
