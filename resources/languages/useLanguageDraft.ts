import { useCallback, useState } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { sortKeys } from '../../domain/languages';
import { useMessages } from '../../base/locale';
import { failureReason, statusOf } from '../../base/errors';
import { emptyKeys, fromInputs, rebaseValues, toInputs, type LanguageRecord } from './texts';

/** What the editor holds: the record the edits started from, its keys in order, and the typed values. */
interface Draft {
  base: LanguageRecord;
  keys: string[];
  values: Record<string, string>;
}

const draftOf = (record: LanguageRecord): Draft => ({
  base: record,
  keys: sortKeys(Object.keys(record.texts)),
  values: toInputs(record.texts),
});

/**
 * The language editor's local state: edits stay here until 'Save Changes' writes the whole map
 * (PUT, If-Match: the version the edits started from). A conflict keeps the edits and says so.
 */
export function useLanguageDraft(record: LanguageRecord, reload: () => Promise<LanguageRecord | undefined>) {
  const [draft, setDraft] = useState(() => draftOf(record));
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const [update] = useUpdate<LanguageRecord>();
  const notify = useNotify();
  const t = useMessages().languages;

  const change = useCallback((key: string, value: string) => {
    setDraft((d) => ({ ...d, values: { ...d.values, [key]: value } }));
    if (value.trim() !== '') setInvalid((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : s));
  }, []);

  const addKey = useCallback((key: string) => {
    setDraft((d) =>
      key in d.values ? d : { ...d, keys: sortKeys([...d.keys, key]), values: { ...d.values, [key]: '' } },
    );
  }, []);

  /** Moves the edits onto a record our own key change (add or remove) saved; the typed values stay. */
  const rebase = useCallback((saved: LanguageRecord) => {
    setDraft((d) => ({ base: saved, ...rebaseValues(d.keys, d.values, d.base.texts, saved.texts) }));
    setInvalid((s) => new Set([...s].filter((k) => k in saved.texts)));
  }, []);

  /** Says the record changed on the server since the edits started (shown with its Reload button). */
  const markStale = useCallback(() => setStale(true), []);

  /** Checks every text is filled; saves the whole map when so. Returns the keys still empty. */
  const save = async (): Promise<string[]> => {
    const empty = emptyKeys(draft.keys, draft.values);
    setInvalid(new Set(empty));
    if (empty.length > 0) return empty;
    setSaving(true);
    try {
      const data = { texts: fromInputs(draft.keys, draft.values) };
      const params = { id: draft.base.id, data, previousData: draft.base, meta: { replace: true } };
      const saved = await update('languages', params, { mutationMode: 'pessimistic', returnPromise: true });
      // The typing allows void (returnPromise is a runtime flag); with it set, the saved record comes back.
      if (saved) setDraft(draftOf(saved));
      setStale(false);
      // The editor's own copy (its History panel follows its version) is read again: the update's cache entry is
      // keyed with its `replace` meta, so react-admin does not hand it the saved record.
      void reload().catch(() => undefined);
      notify(t.updated, { type: 'success' });
    } catch (err) {
      if (statusOf(err) === 409) {
        // The form shows the stale message as an alert with its Reload button; a toast would say it twice.
        setStale(true);
      } else {
        const reason = failureReason(err);
        notify(reason ? `${t.failure}: ${reason}` : t.failure, { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
    return [];
  };

  /** Drops the edits and starts again from the record as it is now on the server. */
  const restart = async (): Promise<void> => {
    const fresh = await reload();
    if (!fresh) return;
    setDraft(draftOf(fresh));
    setInvalid(new Set());
    setStale(false);
  };

  return { ...draft, invalid, stale, saving, change, addKey, rebase, markStale, save, restart };
}
