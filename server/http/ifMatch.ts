import { DomainError } from '../core/errors.js';

/** The version an edit was based on, from If-Match ("3", W/"3" or 3); refused when missing. */
export function ifMatchVersion(header: string | undefined): number {
  const version = Number(/^(?:W\/)?"?(\d+)"?$/.exec(header ?? '')?.[1]);
  if (!Number.isInteger(version)) throw new DomainError('validation', 'Send the version you edited in an If-Match header.');
  return version;
}
