import type { Kysely } from 'kysely';
import { withActorEmails } from './actorEmails.js';
import type { Database } from '../db/schema.js';
import { readRows } from '../db/read.js';
import { CATEGORIES } from '../../domain/constants.js';
import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_NEWEST,
  DASHBOARD_RECENT,
  DASHBOARD_SCHEDULE_DAYS,
  DASHBOARD_UPCOMING,
  type CatalogueFigures,
  type DayChanges,
  type RecentChange,
  type StaffFigures,
  type ResourceCount,
  type UpcomingChange,
} from '../../domain/dashboard.js';
import type { SecondFactorPolicy } from '../../domain/twoFactor.js';
import { newestUsers, USERS_SHOWN } from './users.js';
import { USER_SHOWS } from '../../domain/users.js';
import { withLabels } from './history.js';
import type { HistoryKind } from '../../domain/history.js';
import type { ResourceDescription } from '../../domain/resourceDescription.js';

// The dashboard's figures (GET /api/dashboard). Each count is written as the products list's filter of the same name
// (core/productSearch.ts), so a figure and the rows its link opens cannot drift apart.

const DAY_MS = 24 * 60 * 60_000;
/** The history kinds the catalogue's last changes are taken from (each read down history_kind: kind, seq). */
const CATALOGUE_KINDS = ['product', 'language', 'record'] as const;

const n = (v: unknown): number => Number(v ?? 0);

/**
 * The catalogue's counts: one read of products_tally (migration 022: products by status, category, missing languages
 * and whether scheduled, kept by the database's triggers in each change's own transaction), a few dozen rows whatever
 * the catalogue's size. The missing count tests each group's languages as the list's 'missing' filter tests a row's.
 */
async function catalogueCounts(
  db: Kysely<Database>,
): Promise<Omit<CatalogueFigures, 'upcoming' | 'recent' | 'perDay'>> {
  const groups = await readRows<{
    active: unknown;
    category: string;
    untranslated: string;
    scheduled: unknown;
    n: unknown;
  }>(db, 'select active, category, untranslated, scheduled, n from products_tally where n <> 0', []);
  const sum = (test: (g: (typeof groups)[number]) => boolean): number =>
    groups.filter(test).reduce((total, g) => total + n(g.n), 0);
  return {
    total: sum(() => true),
    active: sum((g) => n(g.active) === 1),
    disabled: sum((g) => n(g.active) === 0),
    scheduled: sum((g) => n(g.scheduled) === 1),
    byCategory: Object.fromEntries(CATEGORIES.map((c) => [c, sum((g) => g.category === c)])) as Record<
      (typeof CATEGORIES)[number],
      number
    >,
    missingSwedish: sum((g) => g.untranslated.includes(',se,')),
  };
}

/**
 * The catalogue's changes per UTC day and person over the last DASHBOARD_CHART_DAYS days, today included, from
 * history_tally (migration 022; a bulk edit's summary line is not counted, its products' own entries are).
 */
async function perDay(db: Kysely<Database>, now: Date): Promise<DayChanges[]> {
  const first = new Date(now.getTime() - (DASHBOARD_CHART_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const rows = await readRows<{ day: string; actor: string; actor_name: string; n: unknown }>(
    db,
    `select day, actor, max(actor_name) as actor_name, sum(n) as n from history_tally where day >= ?
      and kind in (${CATALOGUE_KINDS.map(() => '?').join(', ')}) group by day, actor having sum(n) <> 0`,
    [first, ...CATALOGUE_KINDS],
  );
  return rows.map((r) => ({ day: r.day, actor: r.actor, actorName: r.actor_name, changes: n(r.n) }));
}

/**
 * What the scheduler will apply before `until`: each set time (a past one is applied at its next run) with the status
 * it sets, soonest first, read down products_active_from and products_active_until.
 */
async function upcoming(db: Kysely<Database>, now: Date): Promise<UpcomingChange[]> {
  const until = new Date(now.getTime() + DASHBOARD_SCHEDULE_DAYS * DAY_MS).toISOString();
  const rows = await readRows<{ id: string; sku: string; name: string; at: string; active: unknown }>(
    db,
    `select * from (select id, sku, name, active_from as at, 1 as active from products where active_from < ?
      order by active_from limit ?) f
     union all select * from (select id, sku, name, active_until as at, 0 as active from products
      where active_until < ? order by active_until limit ?) u`,
    [until, DASHBOARD_UPCOMING, until, DASHBOARD_UPCOMING],
  );
  return rows
    .map((r) => ({ id: r.id, sku: r.sku, name: r.name, at: r.at, active: n(r.active) === 1 }))
    .sort((a, b) => a.at.localeCompare(b.at) || a.sku.localeCompare(b.sku))
    .slice(0, DASHBOARD_UPCOMING);
}

/** The last changes to products, the language texts and the described resources' records, newest first, with who. */
async function recent(
  db: Kysely<Database>,
  resources: readonly ResourceDescription[],
  emails: boolean,
): Promise<RecentChange[]> {
  const per = await Promise.all(
    CATALOGUE_KINDS.map((kind) =>
      readRows<{
        seq: unknown;
        at: string;
        actor: string | null;
        actor_name: string;
        kind: string;
        resource: string | null;
        record_id: string;
        action: string;
      }>(
        db,
        'select seq, at, actor, actor_name, kind, resource, record_id, action from history where kind = ? ' +
          'order by seq desc limit ?',
        [kind, DASHBOARD_RECENT],
      ),
    ),
  );
  const rows = per
    .flat()
    .sort((a, b) => n(b.seq) - n(a.seq))
    .slice(0, DASHBOARD_RECENT);
  // Each record as Activity names it (server/core/history.ts): a product by its SKU, a described record by its label.
  const named = await withLabels(
    db,
    rows.map((r) => ({ ...r, kind: r.kind as HistoryKind, recordId: r.record_id })),
    resources,
  );
  const told: ((typeof named)[number] & { actorEmail?: string })[] = emails ? await withActorEmails(db, named) : named;
  return told.map((r) => ({
    id: String(r.seq),
    at: r.at,
    actorName: r.actor_name,
    ...(r.actorEmail === undefined ? {} : { actorEmail: r.actorEmail }),
    kind: r.kind,
    resource: r.resource,
    recordId: r.recordId,
    recordLabel: r.recordLabel,
    action: r.action,
  }));
}

/** The editor's figures; with `emails` (an admin reads them), each last change with its account's email. */
export async function catalogueFigures(
  db: Kysely<Database>,
  resources: readonly ResourceDescription[] = [],
  now = new Date(),
  emails = false,
): Promise<CatalogueFigures> {
  const [counts, next, last, days] = await Promise.all([
    catalogueCounts(db),
    upcoming(db, now),
    recent(db, resources, emails),
    perDay(db, now),
  ]);
  return { ...counts, upcoming: next, recent: last, perDay: days };
}

/** The admin's figures; `require2fa` is the configured policy, said beside the accounts without a second factor. */
export async function staffFigures(
  db: Kysely<Database>,
  require2fa: SecondFactorPolicy,
  now = new Date(),
): Promise<StaffFigures> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  // Each figure counts the users its link lists (USERS_SHOWN, the users list's filter), in one pass over the table.
  const counted = USER_SHOWS.map((show) => `count(case when ${USERS_SHOWN[show]} then 1 end) as "${show}"`);
  const [[states], [failed], newest] = await Promise.all([
    readRows<Record<string, unknown>>(db, `select ${counted.join(', ')} from users`, []),
    // Read down history_at (the last day's entries only).
    readRows<{ n: unknown }>(
      db,
      "select count(*) as n from history where at >= ? and kind = 'account' and action = 'signInFailed'",
      [since],
    ),
    newestUsers(db, DASHBOARD_NEWEST),
  ]);
  return {
    active: n(states?.active),
    inactive: n(states?.inactive),
    admins: n(states?.admins),
    editors: n(states?.editors),
    noSecondFactor: n(states?.noSecondFactor),
    require2fa,
    failedSignIns: n(failed?.n),
    newest,
  };
}

/**
 * How many records each of these described resources holds (those whose description says `dashboard: true` and this
 * person may read): the rows its list shows, unfiltered. A resource's name is its table's (lower case, digits, _).
 */
export const resourceCounts = (
  db: Kysely<Database>,
  described: readonly ResourceDescription[],
): Promise<ResourceCount[]> =>
  Promise.all(
    described.map(async (r) => {
      const [row] = await readRows<{ n: unknown }>(db, `select count(*) as n from "${r.name}"`, []);
      return { name: r.name, count: n(row?.n) };
    }),
  );
