/** The status of a back-end failure (0 when unreachable), or undefined for anything else. */
export function statusOf(err: unknown): number | undefined {
  return err && typeof err === 'object' && 'status' in err && typeof err.status === 'number' ? err.status : undefined;
}

/** The message of a failure, when it has one to show. */
export function messageOf(err: unknown): string | undefined {
  return err instanceof Error && err.message ? err.message : undefined;
}

/** The field messages a refusal carries (react-admin's `body.errors`), or undefined when it has none. */
export function fieldMessagesOf(err: unknown): Record<string, string> | undefined {
  if (!err || typeof err !== 'object' || !('body' in err) || !err.body || typeof err.body !== 'object' || !('errors' in err.body)) return undefined;
  const errors = err.body.errors;
  if (!errors || typeof errors !== 'object') return undefined;
  const found = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string');
  return found.length > 0 ? Object.fromEntries(found) : undefined;
}
