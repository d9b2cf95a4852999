import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../db/index.js';
import { LANGUAGE_MAX_BYTES } from '../../domain/languages.js';
import { LANGUAGE_IDS, type LanguageId } from '../../domain/constants.js';
import { DomainError } from './errors.js';
import { commit } from './commit.js';
import type { Change } from './events.js';
import { diffOf, type NewEntry } from './history.js';
import { getLanguage, staleVersion, type LanguageRecord } from './languages.js';
import { said } from '../../domain/translate.js';

type Texts = LanguageRecord['texts'];
const has = (texts: Texts, key: string): boolean => Object.prototype.hasOwnProperty.call(texts, key);

/**
 * Changes both records in one transaction, from `version` of `id` only: `edit` gets each record's texts and returns
 * the new ones. Both versions go up, so an editor open on either language meets the stale message on its next save.
 */
async function changeBoth(
  db: Kysely<Database>,
  actor: { uid: string },
  id: string,
  version: number,
  action: 'keyAdded' | 'keyRemoved',
  edit: (texts: Texts, edited: boolean, both: Record<LanguageId, LanguageRecord>) => Texts,
): Promise<LanguageRecord> {
  const mine = (await getLanguage(db, id)).id;
  await commit(db, actor.uid, async (trx) => {
    const both = { en: await getLanguage(trx, 'en'), se: await getLanguage(trx, 'se') };
    if (both[mine].version !== version) throw staleVersion(both[mine].version);
    const history: NewEntry[] = [];
    const announce: Change[] = [];
    // The record edited from first, then the other; a refusal or failure on either rolls both back.
    for (const lang of [mine, ...LANGUAGE_IDS.filter((l) => l !== mine)]) {
      const texts = edit(both[lang].texts, lang === mine, both);
      const json = JSON.stringify(texts);
      if (json.length > LANGUAGE_MAX_BYTES) throw new DomainError('validation', said('errors.textsTooLarge'));
      const res = await trx
        .updateTable('languages')
        .set({ texts: json, version: both[lang].version + 1, updated: now(), updated_by: actor.uid })
        .where('id', '=', lang)
        .where('version', '=', both[lang].version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw staleVersion(both[lang].version);
      // One entry per record, so each language's History panel shows the key it gained or lost.
      history.push({ kind: 'language', recordId: lang, action, diff: diffOf(both[lang].texts, texts) });
      announce.push({ kind: 'language', id: lang, version: both[lang].version + 1, actor: actor.uid });
    }
    return { value: undefined, history, announce };
  });
  return getLanguage(db, mine);
}

/** Adds a key to both records at once: `value` in `id`, empty in the other; refused when either has it already. */
export async function addLanguageKey(
  db: Kysely<Database>,
  actor: { uid: string },
  id: string,
  key: string,
  value: string | boolean,
  version: number,
): Promise<LanguageRecord> {
  return changeBoth(db, actor, id, version, 'keyAdded', (texts, edited, both) => {
    if (has(both.en.texts, key) || has(both.se.texts, key)) {
      throw new DomainError('validation', said('languages.keyExists'), [
        { path: '/key', message: said('languages.keyExists') },
      ]);
    }
    return { ...texts, [key]: edited ? value : '' };
  });
}

/** Removes a key from both records at once (admins only: the route declares it); not found when neither has it. */
export async function removeLanguageKey(
  db: Kysely<Database>,
  actor: { uid: string },
  id: string,
  key: string,
  version: number,
): Promise<LanguageRecord> {
  return changeBoth(db, actor, id, version, 'keyRemoved', (texts, _edited, both) => {
    if (!has(both.en.texts, key) && !has(both.se.texts, key))
      throw new DomainError('not_found', said('languages.noSuchKey'));
    return Object.fromEntries(Object.entries(texts).filter(([k]) => k !== key));
  });
}
