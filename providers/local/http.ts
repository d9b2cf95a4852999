import { messages } from '../../domain/messages';
import type { BackendError } from '../types';

/** A failed call to our API, carrying the answer's status, code and message. */
export class ApiError extends Error implements BackendError {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls our JSON API (same origin, cookie session) and returns the parsed answer; throws ApiError on failure. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { method = 'GET', body, headers, signal } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', messages.errors.network);
  }
  const parsed = parseJson(await res.text());
  if (!res.ok) {
    const { code, message } = errorOf(parsed);
    throw new ApiError(res.status, code ?? `http_${res.status}`, message ?? messages.errors.server);
  }
  return parsed as T;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads `{ error: { code, message } }`, the shape of every failure our API sends. */
function errorOf(body: unknown): { code?: string; message?: string } {
  if (!body || typeof body !== 'object' || !('error' in body)) return {};
  const error = body.error;
  if (!error || typeof error !== 'object') return {};
  return {
    code: 'code' in error && typeof error.code === 'string' ? error.code : undefined,
    message: 'message' in error && typeof error.message === 'string' && error.message ? error.message : undefined,
  };
}
