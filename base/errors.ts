/** The status of a back-end failure (0 when unreachable), or undefined for anything else. */
export function statusOf(err: unknown): number | undefined {
  return err && typeof err === 'object' && 'status' in err && typeof err.status === 'number' ? err.status : undefined;
}

/** The machine-readable code of a back-end failure ('not_available', 'conflict'), or undefined. */
export const codeOf = (err: unknown): string | undefined =>
  err && typeof err === 'object' && 'code' in err ? String(err.code) : undefined;

/** HTTP-like statuses whose server message is a reason staff can act on (bad input, refused, conflict). */
const ACTIONABLE = new Set([400, 403, 404, 409]);

/** The server's own reason for a refusal worth showing (e.g. 'You cannot deactivate your own account.'), if any. */
export function failureReason(err: unknown): string | undefined {
  const status = statusOf(err);
  if (status === undefined || !ACTIONABLE.has(status)) return undefined;
  return messageOf(err);
}

/** The message of a failure, when it has one to show. */
export function messageOf(err: unknown): string | undefined {
  return err instanceof Error && err.message ? err.message : undefined;
}

/** The field messages a refusal carries (react-admin's `body.errors`), or undefined when it has none. */
export function fieldMessagesOf(err: unknown): Record<string, string> | undefined {
  if (
    !err ||
    typeof err !== 'object' ||
    !('body' in err) ||
    !err.body ||
    typeof err.body !== 'object' ||
    !('errors' in err.body)
  )
    return undefined;
  const errors = err.body.errors;
  if (!errors || typeof errors !== 'object') return undefined;
  const found = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string');
  return found.length > 0 ? Object.fromEntries(found) : undefined;
}
