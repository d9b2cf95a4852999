import { collection, getCountFromServer, query, type Firestore, type QueryConstraint } from 'firebase/firestore';
import { CATEGORIES } from '../../domain/constants';
import type { CatalogueFigures, Dashboard, StaffFigures } from '../../domain/dashboard';
import { countedResources, type ResourceDescription } from '../../domain/resourceDescription';
import type { RoleFlags } from '../../domain/permissions';
import type { User } from '../../domain/users';
import { USERS_SHOWN } from './users';
import { productsNarrowed } from './products';

/**
 * The dashboard's figures on the Firebase build: each one Firestore can count with one aggregation query (a count of
 * the documents a query selects, read without the documents), the same selection the list it links to reads. What
 * no query selects is null, and the page says 'Not available with the Firebase back end.' in its place: the scheduled
 * and the untranslated products (no scheduler; a missing text is no field a query can test), the schedule, the last
 * changes and the chart (no history of products), the accounts without a second factor (Auth keeps it from browsers)
 * and the failed sign-ins (no sign-in events). Each part only for its role, as the server answers: the rules refuse
 * the rest anyway.
 */
export async function firebaseDashboard(
  db: Firestore,
  user: RoleFlags | null,
  described: readonly ResourceDescription[],
  newest: () => Promise<User[]>,
): Promise<Dashboard> {
  const count = async (name: string, ...narrow: QueryConstraint[]): Promise<number> =>
    (await getCountFromServer(query(collection(db, name), ...narrow))).data().count;

  const catalogue = async (): Promise<CatalogueFigures> => {
    const [total, active, disabled, ...byCategory] = await Promise.all([
      count('products'),
      count('products', ...productsNarrowed({ active: true })),
      count('products', ...productsNarrowed({ active: false })),
      ...CATEGORIES.map((category) => count('products', ...productsNarrowed({ category }))),
    ]);
    return {
      total: total!,
      active: active!,
      disabled: disabled!,
      scheduled: null,
      byCategory: Object.fromEntries(CATEGORIES.map((c, i) => [c, byCategory[i]!])) as CatalogueFigures['byCategory'],
      missingSwedish: null,
      upcoming: null,
      recent: null,
      perDay: null,
    };
  };

  const staff = async (): Promise<StaffFigures> => {
    // The users list's selections, so each figure is the rows its link (?show=…) lists.
    const [on, off, admins, editors, people] = await Promise.all([
      count('users', ...USERS_SHOWN.active!),
      count('users', ...USERS_SHOWN.inactive!),
      count('users', ...USERS_SHOWN.admins!),
      count('users', ...USERS_SHOWN.editors!),
      newest(),
    ]);
    return {
      active: on,
      inactive: off,
      admins,
      editors,
      noSecondFactor: null,
      require2fa: 'off',
      failedSignIns: null,
      newest: people,
    };
  };

  const counted = countedResources(user, described);
  const [c, s, resources] = await Promise.all([
    user?.isEditor ? catalogue() : undefined,
    user?.isAdmin ? staff() : undefined,
    Promise.all(counted.map(async (d) => ({ name: d.name, count: await count(d.name) }))),
  ]);
  return {
    ...(c ? { catalogue: c } : {}),
    ...(s ? { staff: s } : {}),
    ...(resources.length > 0 ? { resources } : {}),
  };
}
