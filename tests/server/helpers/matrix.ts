import { actionAccess, areaAccess, type Access } from '../../../domain/permissions.js';
import { accessOf, publishedOf, type ResourceDescription } from '../../../domain/resourceDescription.js';

export type Statuses = [anonymous: number, inactive: number, noRole: number, editor: number, admin: number];

/** One row of the permission matrix. */
export interface MatrixRow {
  /** The route as declared (OpenAPI form), so the table can be checked against the app's own list. */
  route: string;
  /** What is called: a concrete address and body that pass the route's own checks or fail them harmlessly. */
  url: string;
  body?: unknown;
  expected: Statuses;
  /** The error code of a 401, when it is not 'unauthenticated' (a sign-in's second step without a pending sign-in). */
  refusal?: string;
}

/** What each kind of caller gets from a route open to `access`, when the allowed ones get `status`. */
export function statusesFor(access: Access, status: number): Statuses {
  if (access === 'public') return [status, status, status, status, status];
  return access === 'admin'
    ? [401, 401, 403, 403, status]
    : access === 'editor'
      ? [401, 401, 403, status, status]
      : [401, 401, status, status, status];
}

/** The language routes (server/routes/languages.ts): the area's level, and removing a key at its action's level. */
export function languageRows(): MatrixRow[] {
  const area = areaAccess.languages;
  return [
    { route: 'GET /api/languages/{id}', url: '/api/languages/en', expected: statusesFor(area, 200) },
    { route: 'PUT /api/languages/{id}', url: '/api/languages/en', body: {}, expected: statusesFor(area, 400) },
    {
      route: 'PUT /api/languages/{id}/keys/{key}',
      url: '/api/languages/en/keys/matrixKey',
      body: {},
      expected: statusesFor(area, 400),
    },
    // No If-Match: refused (400) once past the access guard, so the row changes nothing.
    {
      route: 'DELETE /api/languages/{id}/keys/{key}',
      url: '/api/languages/en/keys/matrixKey',
      expected: statusesFor(actionAccess.removeLanguageKey, 400),
    },
  ];
}

/**
 * The routes of a described resource (server/routes/described.ts), each open to its access level only (read, edit,
 * delete: domain/resourceDescription.ts, accessOf). Each allowed call changes nothing: an empty body, no If-Match, no
 * such record.
 */
export function recordRows(d: ResourceDescription, feed: 'feed on' | 'feed off' = 'feed off'): MatrixRow[] {
  const access = accessOf(d);
  const name = d.name;
  return [
    { route: `GET /api/${name}`, url: `/api/${name}`, expected: statusesFor(access.read, 200) },
    { route: `POST /api/${name}`, url: `/api/${name}`, body: {}, expected: statusesFor(access.edit, 400) },
    { route: `GET /api/${name}/{id}`, url: `/api/${name}/no-such-id`, expected: statusesFor(access.read, 404) },
    {
      route: `PATCH /api/${name}/{id}`,
      url: `/api/${name}/no-such-id`,
      body: {},
      expected: statusesFor(access.edit, 400),
    },
    // No If-Match: refused (400) once past the access guard.
    { route: `DELETE /api/${name}/{id}`, url: `/api/${name}/no-such-id`, expected: statusesFor(access.delete, 400) },
    {
      route: `GET /api/${name}/{id}/history`,
      url: `/api/${name}/no-such-id/history`,
      expected: statusesFor(access.read, 200),
    },
    // Its 'Used by', to whoever may read it (of no such record: 404).
    {
      route: `GET /api/${name}/{id}/usedby`,
      url: `/api/${name}/no-such-id/usedby`,
      expected: statusesFor(access.read, 404),
    },
    {
      route: `POST /api/${name}/history/{entry}/undo`,
      url: `/api/${name}/history/999999/undo`,
      body: {},
      expected: statusesFor(access.edit, 400),
    },
    {
      route: `POST /api/${name}/import`,
      url: `/api/${name}/import`,
      body: {},
      expected: statusesFor(access.edit, 400),
    },
    // Duplicate's copies of a record's images, where the description turns it on (`duplicate: true`).
    ...(d.duplicate
      ? [
          {
            route: `POST /api/${name}/{id}/duplicate`,
            url: `/api/${name}/no-such-id/duplicate`,
            expected: statusesFor(access.edit, 404),
          },
        ]
      : []),
    // Scheduled changes, where the description names fields to schedule (`schedule`); each for those who may edit.
    ...(d.schedule
      ? [
          {
            route: `GET /api/${name}/{id}/schedule`,
            url: `/api/${name}/no-such-id/schedule`,
            expected: statusesFor(access.edit, 404),
          },
          {
            route: `POST /api/${name}/{id}/schedule`,
            url: `/api/${name}/no-such-id/schedule`,
            body: {},
            expected: statusesFor(access.edit, 400),
          },
          {
            route: `DELETE /api/${name}/{id}/schedule/{change}`,
            url: `/api/${name}/no-such-id/schedule/no-such-change`,
            expected: statusesFor(access.edit, 404),
          },
        ]
      : []),
    // Bulk edit, where the description turns it on (`bulk: true`): the ids, the change and the Undo of a batch.
    ...(d.bulk
      ? [
          { route: `GET /api/${name}/ids`, url: `/api/${name}/ids`, expected: statusesFor(access.edit, 200) },
          {
            route: `POST /api/${name}/bulk`,
            url: `/api/${name}/bulk`,
            body: {},
            expected: statusesFor(access.edit, 400),
          },
          {
            route: `POST /api/${name}/bulk/{batch}/undo`,
            url: `/api/${name}/bulk/00000000-0000-4000-8000-000000000000/undo`,
            expected: statusesFor(access.edit, 404),
          },
        ]
      : []),
    // Its storefront feed, where a field is published and the app has the feed on: public, whoever calls.
    ...(feed === 'feed on' && publishedOf(d).length > 0
      ? [
          { route: `GET /api/public/${name}`, url: `/api/public/${name}`, expected: statusesFor('public', 200) },
          {
            route: `GET /api/public/${name}/{id}`,
            url: `/api/public/${name}/no-such-id`,
            expected: statusesFor('public', 404),
          },
        ]
      : []),
  ];
}

/** The token /metrics asks for in the permission matrix's app (METRICS_TOKEN). */
export const MATRIX_METRICS_TOKEN = 'matrix-metrics-token-0123456789';

/**
 * GET /metrics (outside /api, so not in the API's route list): the bearer token alone decides, whoever is signed in.
 * Each row is called by every kind of caller, with its session cookie, and with or without the token.
 */
export const metricsRows: { route: string; url: string; token: string | null; expected: Statuses }[] = [
  { route: 'GET /metrics', url: '/metrics', token: null, expected: [401, 401, 401, 401, 401] },
  {
    route: 'GET /metrics',
    url: '/metrics',
    token: 'not-the-metrics-token-0123456789',
    expected: [401, 401, 401, 401, 401],
  },
  { route: 'GET /metrics', url: '/metrics', token: MATRIX_METRICS_TOKEN, expected: [200, 200, 200, 200, 200] },
];
