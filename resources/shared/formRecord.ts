import type { RaRecord } from 'react-admin';
import { hasTranslations, RECORD_LANGUAGES, type ResourceDescription } from '../../domain/resourceDescription';

type Texts = Record<string, Record<string, string>>;

/**
 * A described record as its edit form starts from: each translated field's text in every other language, '' where
 * none is stored. A text missing from the record would otherwise keep the form's first value: react-hook-form falls
 * back to a field's default when a new record lacks it, so after an Undo that cleared the Swedish text the form still
 * showed it, until a reload.
 */
export function formRecord(description: ResourceDescription, record: RaRecord): RaRecord {
  if (!hasTranslations(description)) return record;
  const translated = Object.entries(description.fields)
    .filter(([, spec]) => spec.kind === 'translated')
    .map(([f]) => f);
  const stored = (record.translations ?? {}) as Texts;
  const translations: Texts = Object.fromEntries(
    RECORD_LANGUAGES.map((lang) => [lang, { ...Object.fromEntries(translated.map((f) => [f, ''])), ...stored[lang] }]),
  );
  return { ...record, translations };
}
