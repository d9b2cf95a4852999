import { DomainError } from '../core/errors.js';
import { VERSION_MAX } from '../../domain/text.js';
import { said } from '../../domain/translate.js';

/** The version an edit was based on, from If-Match ("3", W/"3" or 3); refused when missing or out of range. */
export function ifMatchVersion(header: string | undefined): number {
  // At most 10 digits, so the number is exact before it is compared with the range the database holds.
  const version = Number(/^(?:W\/)?"?(\d{1,10})"?$/.exec(header ?? '')?.[1]);
  if (!Number.isInteger(version) || version > VERSION_MAX)
    throw new DomainError('validation', said('errors.badVersion'));
  return version;
}
