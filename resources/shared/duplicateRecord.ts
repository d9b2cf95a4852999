import type { RaRecord } from 'react-admin';
import { emptyValue, fieldsOfResource, labelOf, type ResourceDescription } from '../../domain/resourceDescription';
import type { DuplicateCopies } from '../../domain/products';
import { defaultsOf, fieldsOf, type Values } from './recordForm';
import { formRecord } from './formRecord';

/** What Edit's 'Duplicate' hands Add (in the navigation's state): the record's name and the values Add starts from. */
export interface RecordDuplicate {
  /** The record's name (labelOf), for the notice. */
  from: string;
  values: Values;
}

/**
 * A record's values as Add starts from them (a description with `duplicate: true`): every field and text as the record
 * holds it, each images field's copies (new files, not the record's), and each unique field empty, to be written anew.
 */
export function duplicateOf(d: ResourceDescription, record: RaRecord, copies: DuplicateCopies): RecordDuplicate {
  const values: Values = { ...defaultsOf(d), ...fieldsOf(d, formRecord(d, record)) };
  for (const [field, spec] of fieldsOfResource(d)) {
    if (spec.kind === 'images') values[field] = copies[field]?.images ?? [];
    else if (spec.unique) values[field] = emptyValue(spec);
  }
  const name = record[labelOf(d)];
  return { from: typeof name === 'string' ? name : String(record.id), values };
}

/** The duplicate a navigation carries, if any (anything else there is ignored). */
export function duplicateIn(state: unknown): RecordDuplicate | undefined {
  if (!state || typeof state !== 'object' || !('recordDuplicate' in state)) return undefined;
  const d = state.recordDuplicate as Partial<RecordDuplicate> | undefined;
  return d && typeof d.from === 'string' && d.values && typeof d.values === 'object'
    ? (d as RecordDuplicate)
    : undefined;
}
