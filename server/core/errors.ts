import { textOf, type Said } from '../../domain/translate.js';

/** True when the database refused a write for a unique index (two people adding the same value at once). */
export const isUniqueViolation = (err: unknown): boolean => /unique|duplicate/i.test(String(err));

/**
 * A refusal the core raises, by its text's key (`said`): its `message` is the English text, for logs and the command
 * line; the HTTP layer maps its code to a status (http/errors.ts) and says the text, and each field's in `details`,
 * in the caller's language (http/locale.ts).
 */
export class DomainError extends Error {
  constructor(
    public readonly code:
      | 'validation'
      | 'unauthenticated'
      | 'forbidden'
      | 'not_found'
      | 'conflict'
      | 'throttled'
      | 'cross_site'
      | 'second_factor_required',
    public readonly said: Said,
    public readonly details?: unknown,
  ) {
    super(textOf(said, 'en'));
  }
}
