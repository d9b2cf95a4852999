import http from 'node:http';
import https from 'node:https';
import { isPrivateAddress, literalAddress, PrivateAddressError, publicOnlyLookup } from './address.js';

/** How a POST is made: how long it may take, and whether private addresses may be reached. */
export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Ends the request early (the server is shutting down). */
  signal?: AbortSignal;
}

/**
 * POSTs a JSON body and answers the HTTP status (redirects are not followed: a 3xx is the answer). Throws when no
 * answer came (refused, timed out, a private address when those are not allowed).
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: PostOptions,
): Promise<number> {
  const u = new URL(url);
  const literal = literalAddress(u.hostname);
  // A host written as an IP address is never looked up, so it is checked here.
  if (!opts.allowPrivate && literal !== null && isPrivateAddress(literal))
    return Promise.reject(new PrivateAddressError(u.hostname));
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: opts.allowPrivate ? undefined : publicOnlyLookup,
        agent: false,
        timeout: opts.timeoutMs,
        signal: opts.signal,
      },
      (res) => {
        // The answer's body is not needed; read it away so the socket closes.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    const overall = setTimeout(() => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('close', () => clearTimeout(overall));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
