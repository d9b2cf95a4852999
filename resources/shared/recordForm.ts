import {
  emptyValue,
  fieldsOfResource,
  hasTranslations,
  type ResourceDescription,
} from '../../domain/resourceDescription';
import { formValue } from '../../domain/fieldKinds';
import { messageOf, statusOf } from '../../base/errors';

// What the Add and Edit pages of a described resource send and show (RecordCreate.tsx, RecordEdit.tsx).

export type Values = Record<string, unknown>;

/**
 * Only the description's fields go to the server (a form's record also holds id, version and times), each as its kind
 * reads a form's value (formValue: a text trimmed), and the translations where it has a translated field.
 */
export const fieldsOf = (description: ResourceDescription, values: Values): Values =>
  Object.fromEntries(
    [...Object.keys(description.fields), ...(hasTranslations(description) ? ['translations'] : [])]
      .filter((f) => values[f] !== undefined)
      .map((f) => {
        const spec = description.fields[f];
        return [f, spec ? formValue(spec, values[f]) : values[f]];
      }),
  );

/** A new record's values: each field empty. */
export const defaultsOf = (description: ResourceDescription): Values =>
  Object.fromEntries(fieldsOfResource(description).map(([f, spec]) => [f, emptyValue(spec)]));

/** The server's refusal beside the field it names (a unique field), else undefined. */
export const fieldError = (description: ResourceDescription, err: unknown): Values | undefined => {
  if (statusOf(err) !== 409) return undefined;
  const unique = Object.keys(description.fields).find((f) => description.fields[f]?.unique);
  return unique ? { [unique]: messageOf(err) } : undefined;
};
