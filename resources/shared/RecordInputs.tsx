import { Stack } from '@mui/material';
import { fieldsOfRecords, type RecordsDescription } from '../../domain/records';
import type { RecordsTexts } from './recordScreens';
import { FIELD_KIND_VIEWS } from './fieldKindViews';

/** An input per field, its kind's (fieldKindViews.tsx); a locked field cannot be changed once added, none on Show. */
export function RecordInputs({
  records,
  texts,
  editing,
  showing = false,
}: {
  records: RecordsDescription;
  texts: RecordsTexts;
  editing: boolean;
  showing?: boolean;
}) {
  return (
    <Stack>
      {fieldsOfRecords(records).map(([f, spec]) => {
        const { Input } = FIELD_KIND_VIEWS[spec.kind];
        const readOnly = showing || (editing && spec.locked === true);
        return <Input key={f} source={f} label={texts.fields[f] ?? f} spec={spec} readOnly={readOnly} texts={texts} />;
      })}
    </Stack>
  );
}
