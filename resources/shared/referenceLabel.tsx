import { TextInput, useRecordContext, type RaRecord } from 'react-admin';
import type { ReferenceLabels } from '../../domain/resourceDescription';

/**
 * A reference as a person reads it: the label the record's answer carries for it (the record it points to, by its
 * label field: its supplier's name), else its id (a record gone, or a back end that could not read it).
 */
function referenceText(record: RaRecord | undefined, field: string): string {
  const label = (record?.labels as ReferenceLabels | undefined)?.[field];
  return label ?? String(record?.[field] ?? '');
}

/**
 * A reference on the Show page: its label, read-only. The reader may read this record but perhaps not the resource it
 * points to, so nothing else of that record is asked for.
 */
export function ReferenceLabelInput({ source, label }: { source: string; label: string }) {
  const record = useRecordContext();
  return <TextInput source={source} label={label} readOnly format={() => referenceText(record, source)} />;
}
