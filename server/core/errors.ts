/** True when the database refused a write for a unique index (two people adding the same value at once). */
export const isUniqueViolation = (err: unknown): boolean => /unique|duplicate/i.test(String(err));

/** A refusal the core raises; the HTTP layer maps its code to a status. */
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
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}
