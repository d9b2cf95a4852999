import { z } from 'zod';
import { CATEGORIES } from './constants.js';
import { TRANSLATED_LANGUAGES } from './productFields.js';
import { lineText, optionalLineText } from './text.js';

/** The most views one person keeps (a sidebar is not a database). */
export const MAX_VIEWS = 30;
export const VIEW_NAME_MAX = 60;

/** The resource whose list a view narrows, when a call names none. */
export const PRODUCTS_VIEWS = 'products';

/** What a products view holds: the list's search and filters, as the list's address carries them. */
export const ViewParams = z
  .object({
    q: optionalLineText(200).optional(),
    category: z.enum(CATEGORIES).optional(),
    status: z.enum(['active', 'disabled']).optional(),
    missing: z.enum(TRANSLATED_LANGUAGES).optional(),
    /** Only products with a scheduled status change to come. */
    scheduled: z.enum(['true']).optional(),
  })
  .strict();
export type ViewParams = z.infer<typeof ViewParams>;

/**
 * A view's parameters as sent: each a line of text under a parameter's name. Which names and values a list takes is
 * its resource's (the products' ViewParams above; a described list's search, order and filters, viewKeysOf), checked
 * on the server as the list itself checks them.
 */
export const AnyViewParams = z.record(z.string().max(40), optionalLineText(200));
export type AnyViewParams = z.infer<typeof AnyViewParams>;

/** The resource a view belongs to: a resource's name (products unless said). */
export const ViewResource = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/)
  .default(PRODUCTS_VIEWS);

/** Save a list's search, filters (and order) under a name, for oneself or for all staff. */
export const ViewCreate = z
  .object({
    resource: ViewResource,
    name: lineText(VIEW_NAME_MAX),
    params: AnyViewParams,
    shared: z.boolean().default(false),
  })
  .strict();
export type ViewCreate = z.input<typeof ViewCreate>;

/** A saved view as the sidebar lists it: whose it is and whether the caller may remove it. */
export const SavedView = z.object({
  id: z.string(),
  resource: z.string(),
  name: z.string(),
  params: AnyViewParams,
  shared: z.boolean(),
  mine: z.boolean(),
  ownerName: z.string(),
  created: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;

/** The list's parameters, in the order its address writes them. */
export const VIEW_KEYS = ['q', 'category', 'status', 'missing', 'scheduled'] as const;

/** The products list's address for a view's parameters (and what the list reads back from its address). */
export function viewSearch(params: Partial<Record<string, string>>): string {
  const s = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const v = params[key];
    if (v) s.set(key, v);
  }
  return s.toString();
}
