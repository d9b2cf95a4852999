/** A refusal the core raises; the HTTP layer maps its code to a status. */
export class DomainError extends Error {
  constructor(
    public readonly code: 'validation' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'throttled' | 'cross_site',
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}
