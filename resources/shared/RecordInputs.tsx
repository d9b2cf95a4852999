import { Stack } from '@mui/material';
import { fieldsOfResource, type ResourceDescription } from '../../domain/resourceDescription';
import type { ResourceLocaleTexts } from './recordScreens';
import { FIELD_KIND_VIEWS } from './fieldKindViews';

/** An input per field, its kind's (fieldKindViews.tsx); a locked field cannot be changed once added, none on Show. */
export function RecordInputs({
  description,
  texts,
  editing,
  showing = false,
}: {
  description: ResourceDescription;
  texts: ResourceLocaleTexts;
  editing: boolean;
  showing?: boolean;
}) {
  return (
    <Stack>
      {fieldsOfResource(description).map(([f, spec]) => {
        const { Input } = FIELD_KIND_VIEWS[spec.kind];
        const readOnly = showing || (editing && spec.locked === true);
        return <Input key={f} source={f} label={texts.fields[f] ?? f} spec={spec} readOnly={readOnly} texts={texts} />;
      })}
    </Stack>
  );
}
