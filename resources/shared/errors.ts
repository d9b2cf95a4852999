/** The status of a back-end failure (0 when unreachable), or undefined for anything else. */
export function statusOf(err: unknown): number | undefined {
  return err && typeof err === 'object' && 'status' in err && typeof err.status === 'number' ? err.status : undefined;
}

/** The message of a failure, when it has one to show. */
export function messageOf(err: unknown): string | undefined {
  return err instanceof Error && err.message ? err.message : undefined;
}
