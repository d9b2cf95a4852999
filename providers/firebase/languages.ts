import { doc, getDoc, runTransaction, type Firestore } from 'firebase/firestore';
import { LANGUAGE_IDS } from '../../domain/constants';
import { format } from '../../domain/messages';
import { currentMessages } from '../shared/locale';
import { conflict, FirebaseBackendError, notFound } from './errors';
import { fingerprint, toLanguage, type LanguageRecord } from './documents';

const LANGUAGES = 'languages';
type Texts = Record<string, string | boolean>;

const versionOf = (previous: unknown): number | undefined =>
  previous && typeof previous === 'object' && 'version' in previous && typeof previous.version === 'number'
    ? previous.version
    : undefined;

const known = (id: string): string => {
  if (!(LANGUAGE_IDS as readonly string[]).includes(id)) throw notFound();
  return id;
};

/** The language calls: languages/en and languages/se read and written as whole maps. */
export function languageCalls(db: Firestore, isAdmin: () => boolean) {
  const one = async (id: string): Promise<LanguageRecord> => {
    const snap = await getDoc(doc(db, LANGUAGES, known(id)));
    if (!snap.exists()) throw notFound();
    return toLanguage(snap.id, snap.data());
  };

  return {
    one,

    /**
     * Save language record: the whole map back to the same document, in a transaction that first checks the
     * document still holds what the editor loaded (409 with the editor's stale message otherwise). Like our server,
     * only an admin's save may leave keys out (the rules say the same).
     */
    replace: async (id: string, data: Record<string, unknown>, previous: unknown): Promise<LanguageRecord> => {
      const texts = (data.texts && typeof data.texts === 'object' ? data.texts : {}) as Texts;
      const version = versionOf(previous);
      await runTransaction(db, async (tx) => {
        const snap = await tx.get(doc(db, LANGUAGES, known(id)));
        const current = snap.data() ?? {};
        if (version !== undefined && fingerprint(current) !== version)
          throw conflict(currentMessages().languages.stale);
        const dropped = Object.keys(current).filter((k) => !(k in texts));
        if (dropped.length > 0 && !isAdmin()) {
          throw new FirebaseBackendError(
            403,
            'forbidden',
            format(currentMessages().languages.cannotDropKeys, { keys: dropped.join(', ') }),
          );
        }
        tx.set(snap.ref, texts);
      });
      // After set() the document is exactly this map, so its version is known without reading it again.
      return { id, texts, version: fingerprint(texts), updated: new Date().toISOString() };
    },

    /** Adds a key to both languages at once: its text here, empty in the other (kept if it has one). */
    addKey: async (id: string, key: string, value: unknown, previous: unknown): Promise<LanguageRecord> => {
      const otherId = known(id) === 'en' ? 'se' : 'en';
      const version = versionOf(previous);
      const texts = await runTransaction(db, async (tx) => {
        const mine = await tx.get(doc(db, LANGUAGES, id));
        const other = await tx.get(doc(db, LANGUAGES, otherId));
        const here = mine.data() ?? {};
        if (version !== undefined && fingerprint(here) !== version) throw conflict(currentMessages().languages.stale);
        if (key in here) throw new FirebaseBackendError(400, 'validation', currentMessages().languages.keyExists);
        const next = { ...here, [key]: typeof value === 'boolean' ? value : String(value ?? '') };
        tx.set(mine.ref, next);
        tx.set(other.ref, { [key]: '', ...(other.data() ?? {}) });
        return next;
      });
      return toLanguage(id, texts);
    },
  };
}
