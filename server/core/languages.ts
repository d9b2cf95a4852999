import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../db/index.js';
import { LanguageId as LanguageIdSchema } from '../../domain/languages.js';
import type { LanguageId } from '../../domain/constants.js';
import { canDo, type RoleFlags } from '../../domain/permissions.js';
import { DomainError } from './errors.js';
import { commit } from './commit.js';
import { diffOf } from './history.js';
import { said } from '../../domain/translate.js';

/** A starter set of storefront texts, so a new shop has something to translate. */
export const starterTexts: Record<'en' | 'se', Record<string, string>> = {
  en: {
    cartEmpty: 'Your cart is empty',
    checkout: 'Checkout',
    contactUs: 'Contact us',
    freeShipping: 'Free shipping over 500 SEK',
    heroTitle: 'Cotton and linen for every day',
    newsletter: 'Sign up for our newsletter',
    shopCotton: 'Shop cotton',
    shopLinen: 'Shop linen',
  },
  se: {
    cartEmpty: 'Din varukorg är tom',
    checkout: 'Till kassan',
    contactUs: 'Kontakta oss',
    freeShipping: 'Fri frakt över 500 kr',
    heroTitle: 'Bomull och linne för varje dag',
    newsletter: 'Prenumerera på vårt nyhetsbrev',
    shopCotton: 'Handla bomull',
    shopLinen: 'Handla linne',
  },
};

/** Inserts the 'en' and 'se' records when missing. */
export async function seedLanguages(db: Kysely<Database>): Promise<void> {
  for (const id of ['en', 'se'] as const) {
    const exists = await db.selectFrom('languages').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) {
      await db
        .insertInto('languages')
        .values({ id, texts: JSON.stringify(starterTexts[id]), version: 1, updated: now(), updated_by: null })
        .execute();
    }
  }
}

/** A language record as the API shapes it. */
export interface LanguageRecord {
  id: LanguageId;
  texts: Record<string, string | boolean>;
  version: number;
  updated: string;
}

/** The record with this id ('en' or 'se'); anything else is not found. */
export async function getLanguage(db: Kysely<Database>, id: string): Promise<LanguageRecord> {
  const parsedId = LanguageIdSchema.safeParse(id);
  if (!parsedId.success) throw new DomainError('not_found', said('languages.notFound'));
  const r = await db.selectFrom('languages').selectAll().where('id', '=', parsedId.data).executeTakeFirst();
  if (!r) throw new DomainError('not_found', said('languages.notFound'));
  return {
    id: parsedId.data,
    texts: JSON.parse(r.texts) as LanguageRecord['texts'],
    version: r.version,
    updated: r.updated,
  };
}

/** Who writes: the uid goes in the record, the flags decide whether keys may be dropped. */
export type Writer = { uid: string } & RoleFlags;

/** The conflict a write from an older version meets. */
export const staleVersion = (current: number): DomainError =>
  new DomainError('conflict', said('languages.stale'), { current });

/**
 * Writes the whole map back, only if nobody saved since `version` (optimistic concurrency). A map that leaves out
 * keys the record has removes them, which only admins may do (domain/permissions.ts, removeLanguageKey).
 */
export async function putLanguage(
  db: Kysely<Database>,
  actor: Writer,
  id: string,
  texts: Record<string, string | boolean>,
  version: number,
): Promise<LanguageRecord> {
  const current = await getLanguage(db, id);
  if (current.version !== version) throw staleVersion(current.version);
  const dropped = Object.keys(current.texts).filter((k) => !Object.prototype.hasOwnProperty.call(texts, k));
  if (dropped.length > 0 && !canDo(actor, 'removeLanguageKey')) {
    const shown = dropped.length > 10 ? [...dropped.slice(0, 10), '…'] : dropped;
    throw new DomainError('forbidden', said('languages.cannotDropKeys', { keys: shown.join(', ') }), {
      dropped,
    });
  }
  await commit(db, actor.uid, async (trx) => {
    const res = await trx
      .updateTable('languages')
      .set({ texts: JSON.stringify(texts), version: version + 1, updated: now(), updated_by: actor.uid })
      .where('id', '=', current.id)
      .where('version', '=', version)
      .executeTakeFirst();
    // Someone saved between the read and this write.
    if (Number(res.numUpdatedRows) === 0) throw staleVersion(current.version);
    // Each key is a field of the record: its text before and after (null where the key was added or dropped).
    return {
      value: undefined,
      history: [{ kind: 'language', recordId: current.id, action: 'changed', diff: diffOf(current.texts, texts) }],
      announce: [{ kind: 'language', id: current.id, version: version + 1, actor: actor.uid }],
    };
  });
  return getLanguage(db, id);
}
