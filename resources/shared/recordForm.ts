import { emptyValue, fieldsOfRecords, hasTranslations, type RecordsDescription } from '../../domain/records';
import { messageOf, statusOf } from '../../base/errors';

// What the Add and Edit pages of a described resource send and show (RecordCreate.tsx, RecordEdit.tsx).

export type Values = Record<string, unknown>;

/**
 * Only the description's fields go to the server (a form's record also holds id, version and times), and the
 * translations where it has a translated field.
 */
export const fieldsOf = (records: RecordsDescription, values: Values): Values =>
  Object.fromEntries(
    [...Object.keys(records.fields), ...(hasTranslations(records) ? ['translations'] : [])]
      .filter((f) => values[f] !== undefined)
      .map((f) => [f, values[f]]),
  );

/** A new record's values: each field empty. */
export const defaultsOf = (records: RecordsDescription): Values =>
  Object.fromEntries(fieldsOfRecords(records).map(([f, spec]) => [f, emptyValue(spec)]));

/** The server's refusal beside the field it names (a unique field), else undefined. */
export const fieldError = (records: RecordsDescription, err: unknown): Values | undefined => {
  if (statusOf(err) !== 409) return undefined;
  const unique = Object.keys(records.fields).find((f) => records.fields[f]?.unique);
  return unique ? { [unique]: messageOf(err) } : undefined;
};
