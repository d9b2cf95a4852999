import { currentLocale, currentMessages } from '../shared/locale';
import { isRetryable, retryAfterMs, retryBudget, retryWait } from '../../domain/retry';
import type { BackendError } from '../../base/backend';

/** A failed call to our API, carrying the answer's status, code and message. */
export class ApiError extends Error implements BackendError {
  /** react-admin's shape for a refusal's field messages (`body.errors`): its edit forms show them beside the fields. */
  public readonly body?: { errors: Record<string, string> };

  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    const errors = fieldErrorsOf(details);
    if (errors) this.body = { errors };
  }
}

/** A JSON pointer into the body as a form's field name: its leading named segments, dotted; '' when it names none. */
function fieldOfPath(path: string): string {
  if (!/^(?:body)?\//.test(path)) return '';
  const names: string[] = [];
  for (const segment of path.slice(path.indexOf('/') + 1).split('/')) {
    if (!/^[A-Za-z]\w*$/.test(segment)) break;
    names.push(segment);
  }
  return names.join('.');
}

/**
 * The field messages of a refusal's `details` (`[{ path, message }]`, path `/name` from the schema or `body/name`
 * from the text guard), the first message of each field. A nested field is named by its dotted path, the way the
 * form names its input (`/translations/se/name` is `translations.se.name`); a list's item is the list (`/images/1` is
 * `images`). Undefined when there are none.
 */
export function fieldErrorsOf(details: unknown): Record<string, string> | undefined {
  if (!Array.isArray(details)) return undefined;
  const errors: Record<string, string> = {};
  for (const d of details as unknown[]) {
    if (!d || typeof d !== 'object' || !('path' in d) || !('message' in d)) continue;
    const { path, message } = d;
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = fieldOfPath(path);
    if (field && !(field in errors)) errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export interface ApiInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The clock, the wait and the jitter the retries use; tests swap them with `setRetryTimers`. */
export interface RetryTimers {
  now(): number;
  /** Waits `ms`, or rejects with the signal's reason as soon as it is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** In [0, 1): the jitter of `retryWait`. */
  random(): number;
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

const realTimers: RetryTimers = {
  // Read Date.now and setTimeout at call time, so vi.useFakeTimers() drives the real ones too.
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const onAbort = (): void => {
        clearTimeout(id);
        reject(abortReason(signal!));
      };
      const id = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
  random: () => Math.random(),
};

let timers: RetryTimers = realTimers;

/** For tests only: replace the retries' clock, wait or jitter; with no argument, the real ones again. */
export function setRetryTimers(replacement: Partial<RetryTimers> = {}): void {
  timers = { ...realTimers, ...replacement };
}

/**
 * Whether sending a request twice cannot do anything twice, so a lost or refused answer may be retried:
 * GET reads; PUT replaces a whole record with the same content; and any request carrying If-Match (our PATCH of a
 * record) names the version it applies to, so a second copy after a first that landed is refused by the version
 * check (409) instead of applied again. POST is never retried: a first POST whose answer was lost may already have
 * created the record (or sent the mail, or signed in), and a second would do it again. DELETE without If-Match is
 * left out too: a repeat of one that landed would answer 404 for a delete that worked.
 */
export function isRepeatable(method: NonNullable<ApiInit['method']>, headers: Record<string, string> = {}): boolean {
  if (method === 'GET' || method === 'PUT') return true;
  return Object.keys(headers).some((name) => name.toLowerCase() === 'if-match');
}

type Attempt<T> = { ok: true; value: T } | { ok: false; error: ApiError; retryAfter: string | null };

/**
 * One request: its parsed answer, or the ApiError it ends in (status 0 when there was no answer). Aborts are thrown.
 */
async function attempt<T>(path: string, init: ApiInit): Promise<Attempt<T>> {
  const { method = 'GET', body, headers, signal } = init;
  const noAnswer = (err: unknown): Attempt<T> => {
    if (signal?.aborted) throw err;
    return { ok: false, error: new ApiError(0, 'network', currentMessages().errors.network), retryAfter: null };
  };
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      // The server answers in the console's language (its messages and mails follow Accept-Language).
      headers: {
        Accept: 'application/json',
        'Accept-Language': currentLocale(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    // A connection cut while the body arrives is no answer either.
    text = await res.text();
  } catch (err) {
    return noAnswer(err);
  }
  const parsed = parseJson(text);
  if (res.ok) return { ok: true, value: parsed as T };
  const { code, message, details } = errorOf(parsed);
  return {
    ok: false,
    error: new ApiError(res.status, code ?? `http_${res.status}`, message ?? currentMessages().errors.server, details),
    retryAfter: res.headers.get('Retry-After') ?? null,
  };
}

/**
 * Calls our JSON API (same origin, cookie session) and returns the parsed answer; throws ApiError on failure.
 *
 * A repeatable request (see `isRepeatable`) that gets no answer, 408, 429 or 5xx is sent again after `retryWait`
 * (1 s doubling to 32 s, with jitter), or after the `Retry-After` seconds a 429 or 503 asks for, until
 * `retryBudget('operation')` (120 s, the operation retry limit) has passed since the first try; the last wait is cut to
 * end on the
 * budget, and a Retry-After that reaches past it ends the call at once with that answer. Aborting the signal stops at
 * once, also between tries, with the signal's reason.
 */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { method = 'GET', headers, signal } = init;
  const repeatable = isRepeatable(method, headers);
  const started = timers.now();
  for (let n = 0; ; n++) {
    if (signal?.aborted) throw abortReason(signal);
    const result = await attempt<T>(path, init);
    if (result.ok) return result.value;
    const { error } = result;
    if (!repeatable || !isRetryable(error.status)) throw error;
    const now = timers.now();
    const left = retryBudget('operation') - (now - started);
    const asked = error.status === 429 || error.status === 503 ? retryAfterMs(result.retryAfter, now) : undefined;
    if (left <= 0 || (asked !== undefined && asked > left)) throw error;
    await timers.sleep(Math.min(asked ?? retryWait(n, timers.random()), left), signal);
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads `{ error: { code, message, details } }`, the shape of every failure our API sends. */
function errorOf(body: unknown): { code?: string; message?: string; details?: unknown } {
  if (!body || typeof body !== 'object' || !('error' in body)) return {};
  const error = body.error;
  if (!error || typeof error !== 'object') return {};
  return {
    code: 'code' in error && typeof error.code === 'string' ? error.code : undefined,
    message: 'message' in error && typeof error.message === 'string' && error.message ? error.message : undefined,
    details: 'details' in error ? error.details : undefined,
  };
}
