import type { IncomingMessage, ServerResponse } from 'node:http';
import { status } from '@grpc/grpc-js';
import { apiError, UNARY, type ApiError, type Relay, type RestMethod } from './grpc';

// The REST calls of the browser SDK (its RestConnection: POST /v1/<resource path>:<method>, a JSON body sent as
// text/plain, JSON back; streamed RPCs answer with the list of their messages). The database or parent the REST API
// takes from the address goes into the request, as Google's front end does.

const DATABASE_FIELD: Partial<Record<RestMethod, 'database' | 'parent'>> = {
  commit: 'database',
  beginTransaction: 'database',
  rollback: 'database',
  batchGet: 'database',
  runQuery: 'parent',
  runAggregationQuery: 'parent',
};

/** The method and resource of `/v1/<path>:<method>`, or null for an address that is not such a call. */
export function restTarget(pathname: string): { method: RestMethod; resource: string; database: string } | null {
  if (!pathname.startsWith('/v1/')) return null;
  const colon = pathname.lastIndexOf(':');
  if (colon < 0) return null;
  const method = pathname.slice(colon + 1);
  if (!(method in UNARY)) return null;
  const resource = pathname
    .slice('/v1/'.length, colon)
    .split('/')
    .map((s) => decodeURIComponent(s))
    .join('/');
  const m = /^(projects\/[^/]+\/databases\/[^/]+)(\/documents(\/.*)?)?$/.exec(resource);
  if (!m?.[1]) return null;
  return { method: method as RestMethod, resource, database: m[1] };
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });

const sendJson = (res: ServerResponse, code: number, body: unknown): void => {
  res.writeHead(code, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** Serves one REST call; `counted` learns which method was called. */
export async function serveRest(
  relay: Relay,
  target: { method: RestMethod; resource: string; database: string },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let json: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse((await readBody(req)) || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    json = parsed as Record<string, unknown>;
  } catch (err) {
    const e: ApiError = apiError(status.INVALID_ARGUMENT, `Invalid JSON payload: ${String(err)}`);
    sendJson(res, e.httpStatus, e.body);
    return;
  }
  const field = DATABASE_FIELD[target.method];
  if (field === 'database') json.database = target.database;
  if (field === 'parent') json.parent = target.resource;
  const answer = await relay.call(target.method, json);
  if (answer.ok) sendJson(res, 200, answer.json);
  else sendJson(res, answer.error.httpStatus, answer.error.body);
}
