import { useDataProvider, useNotify } from 'react-admin';
import { coerceValue } from '../../domain/languages';
import { failureReason, statusOf } from '../../base/errors';
import { useMessages } from '../../base/locale';
import type { LanguageRecord } from './texts';

interface Draft {
  base: LanguageRecord;
  rebase: (saved: LanguageRecord) => void;
  markStale: () => void;
}

/**
 * Adding a key to both languages and removing one from both (admins), each from the version the edits started from
 * (If-Match); the edits are moved onto the saved record, and the other language is read again.
 */
export function useKeyChanges(
  draft: Draft,
  reload: () => Promise<LanguageRecord | undefined>,
  otherChanged: () => void,
) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const t = useMessages().languages;
  const { base } = draft;
  const resource = `languages/${base.id}/keys`;

  /** Adds the key with its text here (empty in the other language); answers why it was refused, or null. */
  const add = async (key: string, value: string): Promise<string | null> => {
    try {
      const params = {
        id: key,
        data: { value: coerceValue(value) },
        previousData: { id: key, version: base.version },
        meta: { replace: true },
      };
      const { data } = await dataProvider.update<LanguageRecord>(resource, params);
      draft.rebase(data);
      otherChanged();
      notify(t.keyAdded, { type: 'success' });
      return null;
    } catch (err) {
      if (statusOf(err) !== 409) return failureReason(err) ?? t.failure;
      draft.markStale();
      return t.stale;
    }
  };

  /** Removes the key from both languages. */
  const remove = async (key: string): Promise<void> => {
    try {
      await dataProvider.delete(resource, { id: key, previousData: { id: key, version: base.version } });
    } catch (err) {
      if (statusOf(err) === 409) draft.markStale();
      else {
        const reason = failureReason(err);
        notify(reason ? `${t.failure}: ${reason}` : t.failure, { type: 'error' });
      }
      return;
    }
    notify(t.keyRemoved, { type: 'success' });
    otherChanged();
    const fresh = await reload();
    // The removal took our version to the next one; anything further was someone else's save.
    if (fresh && fresh.version === base.version + 1) draft.rebase(fresh);
    else draft.markStale();
  };

  return { add, remove };
}
