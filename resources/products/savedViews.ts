import { useCallback, useContext, useEffect, useState } from 'react';
import { DataProviderContext, useDataProvider, useGetIdentity, usePermissions } from 'react-admin';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import GroupsIcon from '@mui/icons-material/Groups';
import { canAccess } from '../../domain/permissions';
import { viewSearch, type SavedView } from '../../domain/views';
import type { AppDataProvider, Permissions } from '../../base/backend';

// Saved views of the products list, read once per back end and person, and shared by the sidebar and the list; a save
// or removal refreshes every reader.
interface Kept {
  /** Whose views these are: another person signing in on this tab reads their own. */
  uid: string | undefined;
  views: SavedView[] | null | undefined;
  loading: Promise<void> | null;
  readers: Set<() => void>;
}
// Keyed by the console's data provider as given to react-admin (useDataProvider answers a wrapper per component).
const kept = new WeakMap<object, Kept>();
const keptFor = (backEnd: object): Kept => {
  let k = kept.get(backEnd);
  if (!k) kept.set(backEnd, (k = { uid: undefined, views: undefined, loading: null, readers: new Set() }));
  return k;
};

/**
 * Reads the views again (after a save or a removal, or for another person), and every screen that shows them follows.
 */
async function read(k: Kept, dataProvider: AppDataProvider, uid: string | undefined): Promise<void> {
  k.uid = uid;
  try {
    const got: unknown = await dataProvider.listViews();
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
 * The signed-in person's views and those shared with them: undefined while loading, null where the back end keeps
 * none (Firebase). Read only for those who may open the products list.
 */
export function useSavedViews(): { views: SavedView[] | null | undefined; refresh: () => Promise<void> } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const { identity } = useGetIdentity();
  const allowed = canAccess(permissions, 'products');
  const uid = identity ? String(identity.id) : undefined;
  const k = keptFor(useContext(DataProviderContext) ?? dataProvider);
  const [, setTick] = useState(0);
  useEffect(() => {
    const reader = () => setTick((n) => n + 1);
    k.readers.add(reader);
    if (allowed && uid !== undefined && k.uid !== uid && !k.loading) {
      k.views = undefined;
      k.loading = read(k, dataProvider, uid).finally(() => (k.loading = null));
    }
    return () => void k.readers.delete(reader);
  }, [allowed, uid, dataProvider, k]);
  const refresh = useCallback(() => read(k, dataProvider, uid), [k, dataProvider, uid]);
  return { views: !allowed ? [] : k.uid === uid ? k.views : undefined, refresh };
}

/** The list's address for a view. */
export const viewPath = (v: Pick<SavedView, 'params'>): string => {
  const search = viewSearch(v.params);
  return `/products/products${search ? `?${search}` : ''}`;
};

/** The sidebar's links under Products: the person's own views, then the shared ones (another icon). */
export function useSavedViewItems() {
  const { views } = useSavedViews();
  return (views ?? []).map((v) => ({ to: viewPath(v), label: v.name, icon: v.mine ? BookmarkBorderIcon : GroupsIcon }));
}
