import { z } from 'zod';
import { CATEGORIES } from './constants.js';
import { User } from './users.js';
import { SECOND_FACTOR_POLICIES } from './twoFactor.js';

/** How many days ahead the dashboard lists what the schedule will change. */
export const DASHBOARD_SCHEDULE_DAYS = 7;
/** How many of the last catalogue changes, and of the newest users, the dashboard lists. */
export const DASHBOARD_RECENT = 8;
export const DASHBOARD_NEWEST = 5;
/** How many days, today included, the chart of changes per day shows. */
export const DASHBOARD_CHART_DAYS = 30;
/** The most scheduled changes the dashboard lists (the products list's 'Scheduled' filter shows them all). */
export const DASHBOARD_UPCOMING = 20;

/** A status change the scheduler will apply: to which product, the status it sets, and when (ISO-8601 UTC). */
export const UpcomingChange = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  active: z.boolean(),
  at: z.string(),
});
export type UpcomingChange = z.infer<typeof UpcomingChange>;

/** One of the last catalogue changes: who made it, when, and which record (a product's SKU as its label). */
export const RecentChange = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string(),
  /** The acting account's email now, answered to admins only. */
  actorEmail: z.string().optional(),
  kind: z.string(),
  resource: z.string().nullable(),
  recordId: z.string(),
  recordLabel: z.string().nullable(),
  action: z.string(),
});
export type RecentChange = z.infer<typeof RecentChange>;

/** One person's catalogue changes on one UTC day ('YYYY-MM-DD'); actor '' is the operator's command line. */
export const DayChanges = z.object({
  day: z.string(),
  actor: z.string(),
  actorName: z.string(),
  changes: z.number().int(),
});
export type DayChanges = z.infer<typeof DayChanges>;

/**
 * A figure a back end may be unable to give: null where it cannot (the Firebase build: Firestore counts only what one
 * query selects, and keeps no schedule, history or sign-in events); our own server gives every one.
 */
const unless = <T extends z.ZodType>(figure: T) => figure.nullable();

/**
 * The editor's figures: each count is the number of rows the products list shows under the filter named beside it
 * (active=true, active=false, scheduled=true, category=…, missing=se).
 */
export const CatalogueFigures = z.object({
  total: z.number().int(),
  active: z.number().int(),
  disabled: z.number().int(),
  scheduled: unless(z.number().int()),
  byCategory: z.object(
    Object.fromEntries(CATEGORIES.map((c) => [c, z.number().int()])) as Record<
      (typeof CATEGORIES)[number],
      z.ZodNumber
    >,
  ),
  missingSwedish: unless(z.number().int()),
  upcoming: unless(z.array(UpcomingChange)),
  recent: unless(z.array(RecentChange)),
  /** The catalogue's changes per day and person over the last DASHBOARD_CHART_DAYS days (days without any absent). */
  perDay: unless(z.array(DayChanges)),
});
export type CatalogueFigures = z.infer<typeof CatalogueFigures>;

/** The admin's figures: staff accounts by state, second factors, failed sign-ins, the newest accounts. */
export const StaffFigures = z.object({
  active: z.number().int(),
  inactive: z.number().int(),
  admins: z.number().int(),
  editors: z.number().int(),
  /** Active accounts with neither an authenticator app nor a passkey. */
  noSecondFactor: unless(z.number().int()),
  /** REQUIRE_2FA as configured: whom it asks for a second factor. */
  require2fa: z.enum(SECOND_FACTOR_POLICIES),
  /** Refused sign-ins (the Activity page's 'signInFailed') in the last 24 hours. */
  failedSignIns: unless(z.number().int()),
  newest: z.array(User),
});
export type StaffFigures = z.infer<typeof StaffFigures>;

/** How many records a described resource holds (its description's `dashboard: true`): the rows its list shows. */
export const ResourceCount = z.object({ name: z.string(), count: z.number().int() });
export type ResourceCount = z.infer<typeof ResourceCount>;

/**
 * GET /api/dashboard: the catalogue for editors, the staff for admins, the counted resources the caller may read;
 * a part the caller may not see is absent (or, for resources, left out of the list).
 */
export const Dashboard = z.object({
  catalogue: CatalogueFigures.optional(),
  staff: StaffFigures.optional(),
  resources: z.array(ResourceCount).optional(),
});
export type Dashboard = z.infer<typeof Dashboard>;
