import { useCallback, useContext, useEffect, useState } from 'react';
import { DataProviderContext, useDataProvider, useGetIdentity, usePermissions } from 'react-admin';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import GroupsIcon from '@mui/icons-material/Groups';
import { filtersOf, mayOnResource, type ResourceDescription } from '../../domain/resourceDescription';
import type { SavedView } from '../../domain/views';
import type { AppDataProvider, Permissions } from '../../base/backend';

// Saved views of a list (a description with `views: true`), read once per back end, person and list, and shared by the
// sidebar and the list; a save or removal refreshes every reader.
interface Kept {
  /** Whose views these are: another person signing in on this tab reads their own. */
  uid: string | undefined;
  views: SavedView[] | null | undefined;
  loading: Promise<void> | null;
  readers: Set<() => void>;
}
// Keyed by the console's data provider as given to react-admin (useDataProvider answers a wrapper per component), then
// by the list's resource.
const kept = new WeakMap<object, Map<string, Kept>>();
const keptFor = (backEnd: object, resource: string): Kept => {
  let lists = kept.get(backEnd);
  if (!lists) kept.set(backEnd, (lists = new Map()));
  let k = lists.get(resource);
  if (!k) lists.set(resource, (k = { uid: undefined, views: undefined, loading: null, readers: new Set() }));
  return k;
};

/**
 * Reads the views again (after a save or a removal, or for another person), and every screen that shows them follows.
 */
async function read(k: Kept, dataProvider: AppDataProvider, resource: string, uid: string | undefined): Promise<void> {
  k.uid = uid;
  try {
    const got: unknown = await dataProvider.listViews(resource);
    // After a refusal that sends the person elsewhere (react-admin's checkError: signed out, or REQUIRE_2FA's set-up
    // page), react-admin answers a placeholder list instead of the call's own value.
    k.views = got === null || Array.isArray(got) ? (got as SavedView[] | null) : [];
  } catch {
    // Not readable now (offline, signed out): none shown, nothing broken; the next save or visit reads again.
    k.views = [];
  }
  k.readers.forEach((r) => r());
}

/**
 * The signed-in person's views of a list and those shared with them: undefined while loading, null where the back end
 * keeps none (Firebase). Read only for those who may read the list.
 */
export function useSavedViews(d: ResourceDescription): {
  views: SavedView[] | null | undefined;
  refresh: () => Promise<void>;
} {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const { identity } = useGetIdentity();
  const allowed = d.views === true && mayOnResource(permissions, d, 'read');
  const uid = identity ? String(identity.id) : undefined;
  const k = keptFor(useContext(DataProviderContext) ?? dataProvider, d.name);
  const [, setTick] = useState(0);
  useEffect(() => {
    const reader = () => setTick((n) => n + 1);
    k.readers.add(reader);
    if (allowed && uid !== undefined && k.uid !== uid && !k.loading) {
      k.views = undefined;
      k.loading = read(k, dataProvider, d.name, uid).finally(() => (k.loading = null));
    }
    return () => void k.readers.delete(reader);
  }, [allowed, uid, dataProvider, k, d.name]);
  const refresh = useCallback(() => read(k, dataProvider, d.name, uid), [k, dataProvider, d.name, uid]);
  return { views: !allowed ? [] : k.uid === uid ? k.views : undefined, refresh };
}

/** The same parameters, whatever order they were written in (a view is the list it shows, not its address's order). */
export const sameParams = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean => {
  const keys = Object.keys(a).filter((k) => a[k] !== '');
  return keys.length === Object.keys(b).filter((k) => b[k] !== '').length && keys.every((k) => a[k] === b[k]);
};

/**
 * The sidebar's links under a list: the person's own views, then the shared ones (another icon); `pathOf` is the
 * list's address for a view's parameters.
 */
export function useSavedViewItems(d: ResourceDescription, pathOf: (params: Record<string, string>) => string) {
  const { views } = useSavedViews(d);
  return (views ?? []).map((v) => ({
    to: pathOf(v.params),
    label: v.name,
    icon: v.mine ? BookmarkBorderIcon : GroupsIcon,
  }));
}

/** The list's filters as react-admin writes them in the address (a JSON object), or none. */
export function filterOf(written: string | null): Record<string, unknown> {
  try {
    const read: unknown = written ? JSON.parse(written) : {};
    return read && typeof read === 'object' && !Array.isArray(read) ? (read as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A described list's view from its address: each filter as its API takes it (a choice's several values joined by
 * commas), and the order when one was chosen.
 */
export function recordViewParams(address: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filterOf(address.get('filter')))) {
    const value = Array.isArray(v) ? v.join(',') : v === null || v === undefined ? '' : String(v);
    if (value !== '') out[k] = value;
  }
  const sort = address.get('sort');
  if (sort) {
    out.sort = sort;
    out.order = (address.get('order') ?? 'ASC').toLowerCase();
  }
  return out;
}

/** A described list's address for a view (react-admin's ?filter={…}&sort=…&order=…), as recordViewParams reads it. */
export function recordViewPath(d: ResourceDescription, params: Readonly<Record<string, string>>): string {
  const several = new Set(
    filtersOf(d).flatMap((x) => (x.kind === 'choice' || x.kind === 'references' ? [x.param] : [])),
  );
  const filter: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(params))
    if (k !== 'sort' && k !== 'order') filter[k] = several.has(k) ? v.split(',') : v;
  const search = new URLSearchParams();
  if (Object.keys(filter).length > 0) search.set('filter', JSON.stringify(filter));
  if (params.sort) {
    search.set('sort', params.sort);
    search.set('order', (params.order ?? 'asc').toUpperCase());
  }
  const written = search.toString();
  return `/${d.name}${written ? `?${written}` : ''}`;
}
