export interface ApiOptions {
  /** The Cookie header to send. */
  cookie?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The Origin header for unsafe methods; null sends none. */
  origin?: string | null;
}

export interface ApiResult {
  status: number;
  /** The parsed body when it is JSON, else undefined. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely and assert on them
  json: any;
  text: string;
  headers: Headers;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One call over real HTTP with global fetch. */
export async function request(
  baseUrl: string,
  method: string,
  path: string,
  opts: ApiOptions = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  if (UNSAFE.has(method) && opts.origin) headers.origin = opts.origin;
  Object.assign(headers, opts.headers);
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown;
  if (res.headers.get('content-type')?.includes('json') && text) json = JSON.parse(text);
  return { status: res.status, json, text, headers: res.headers };
}

/** One Set-Cookie line taken apart: name, value and attributes (lower-case names). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** Parses every Set-Cookie header of an answer. */
export function setCookies(headers: Headers): SetCookie[] {
  return headers.getSetCookie().map((line) => {
    const [pair = '', ...attrs] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const a of attrs) {
      const i = a.indexOf('=');
      attributes[(i < 0 ? a : a.slice(0, i)).toLowerCase()] = i < 0 ? true : a.slice(i + 1);
    }
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
  });
}

/** The session cookie an answer sets (a non-empty session_token), or undefined. */
export function sessionCookie(headers: Headers): SetCookie | undefined {
  return setCookies(headers).find((c) => c.name.endsWith('session_token') && c.value !== '');
}

/** The Cookie request header that sends every non-empty cookie an answer set. */
export function cookieHeader(headers: Headers): string {
  return setCookies(headers)
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

/**
 * The Cookie header after an answer: the one sent, with every cookie the answer set put in (an empty value removes).
 */
export function withCookies(cookie: string, res: ApiResult): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
  );
  for (const c of setCookies(res.headers)) {
    if (c.value === '') jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The raw session token inside a signed cookie value (token.signature, URL-encoded). */
export const rawToken = (cookie: SetCookie): string => decodeURIComponent(cookie.value).split('.')[0]!;
