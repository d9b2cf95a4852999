import type { DataProvider, GetListResult, GetManyParams, Identifier, RaRecord } from 'react-admin';
import { PAGE_SIZE, type Page } from '../../domain/constants';
import { api } from './http';
import { pagesByCursor } from '../shared/pageCursors';

type Row = Record<string, unknown>;

/** Every record of the API carries its `id` (users' equals their `uid`); react-admin wants it as a string or number. */
function withId<R extends RaRecord>(row: Row): R {
  if (typeof row.id !== 'string' && typeof row.id !== 'number')
    throw new Error('The server answered a record without an id.');
  return row as R;
}

const path = (resource: string, id?: Identifier): string =>
  id === undefined ? `/api/${resource}` : `/api/${resource}/${encodeURIComponent(String(id))}`;

/** The edited record's version goes out as If-Match, so a stale edit answers 409 instead of overwriting. */
function ifMatch(previous: unknown): Record<string, string> {
  const version = previous && typeof previous === 'object' && 'version' in previous ? previous.version : undefined;
  return typeof version === 'number' ? { 'If-Match': `"${version}"` } : {};
}

/** Reads one cursor page: /api/:resource[/:view]?limit&after&<filter>, answered as {items, next}. */
async function getPage<R extends RaRecord>(
  resource: string,
  limit: number,
  after: unknown,
  filter: Row,
  signal?: AbortSignal,
  view?: unknown,
): Promise<GetListResult<R> & { meta: { next: string | null } }> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (typeof after === 'string' && after) query.set('after', after);
  // A list of values (a filter's choices) as one parameter, separated by commas.
  for (const [k, v] of Object.entries(filter))
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) query.set(k, String(v));
  // A named view of the resource (meta.view, e.g. 'newest') reads /api/:resource/:view; it may answer without a cursor.
  const base = typeof view === 'string' && view ? path(resource, view) : path(resource);
  const page = await api<Partial<Page<Row>> & Pick<Page<Row>, 'items'>>(`${base}?${query}`, { signal });
  const next = page.next ?? null;
  return {
    data: page.items.map((row) => withId<R>(row)),
    pageInfo: { hasNextPage: next !== null, hasPreviousPage: typeof after === 'string' && after !== '' },
    meta: { next },
  };
}

/**
 * react-admin's standard calls over our REST routes, the same for every resource, so adding a
 * resource needs nothing here. Lists are cursor pages, asked for by react-admin's page number (or by a cursor given as
 * `meta.after`; a named view as `meta.view`); `update` with `meta.replace` replaces the whole record.
 */
export function restMethods(): DataProvider {
  const one = async <R extends RaRecord>(resource: string, id: Identifier, signal?: AbortSignal): Promise<R> =>
    withId<R>(await api<Row>(path(resource, id), { signal }));
  return {
    // react-admin's pages (1, 2, 3…) read as our cursor pages (providers/shared/pageCursors.ts).
    // A list that sorts (meta.sorted: a described resource's) sends its order and the language of its texts.
    getList: pagesByCursor(async (resource, { pagination, filter, sort, meta, signal }, after) =>
      getPage(
        resource,
        pagination?.perPage ?? PAGE_SIZE,
        after,
        meta?.sorted === true && sort
          ? { ...filter, sort: sort.field, order: sort.order.toLowerCase(), lang: meta.lang }
          : (filter ?? {}),
        signal,
        meta?.view,
      ),
    ),
    getOne: async (resource, { id, signal }) => ({ data: await one(resource, id, signal) }),
    getMany: async <R extends RaRecord>(resource: string, { ids, signal }: GetManyParams) => ({
      data: await Promise.all(ids.map((id) => one<R>(resource, id, signal))),
    }),
    getManyReference: async (resource, { target, id, pagination, filter, meta, signal }) =>
      getPage(resource, pagination?.perPage ?? PAGE_SIZE, meta?.after, { ...filter, [target]: id }, signal),
    create: async (resource, { data }) => ({
      data: withId(await api<Row>(path(resource), { method: 'POST', body: data })),
    }),
    // A partial change is PATCH; meta.replace sends the whole record as PUT (e.g. a language's text map).
    update: async (resource, { id, data, previousData, meta }) => ({
      data: withId(
        await api<Row>(path(resource, id), {
          method: meta?.replace === true ? 'PUT' : 'PATCH',
          body: data,
          headers: ifMatch(previousData),
        }),
      ),
    }),
    updateMany: async (resource, { ids, data }) => {
      await Promise.all(ids.map((id) => api(path(resource, id), { method: 'PATCH', body: data })));
      return { data: ids };
    },
    // A delete carries the version it was decided on (previousData.version) when there is one, like an update.
    delete: async (resource, { id, previousData }) => {
      await api(path(resource, id), { method: 'DELETE', headers: ifMatch(previousData) });
      return { data: withId({ ...previousData, id }) };
    },
    deleteMany: async (resource, { ids }) => {
      await Promise.all(ids.map((id) => api(path(resource, id), { method: 'DELETE' })));
      return { data: ids };
    },
  };
}
