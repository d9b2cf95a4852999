/** HTTP-like statuses whose server message is a reason staff can act on (bad input, refused, conflict). */
const ACTIONABLE = new Set([400, 403, 404, 409]);

/** The status of a back-end failure, or undefined for anything else. */
export function failureStatus(err: unknown): number | undefined {
  return err && typeof err === 'object' && 'status' in err && typeof err.status === 'number' ? err.status : undefined;
}

/** The server's own reason for a refusal worth showing (e.g. 'You cannot deactivate your own account.'), if any. */
export function failureReason(err: unknown): string | undefined {
  const status = failureStatus(err);
  if (status === undefined || !ACTIONABLE.has(status)) return undefined;
  return err instanceof Error && err.message ? err.message : undefined;
}
