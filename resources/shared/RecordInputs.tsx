import { useMemo } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
} from 'react-admin';
import { Stack } from '@mui/material';
import {
  fieldsOfRecords,
  hasSearch,
  imagesMax,
  integerBounds,
  labelOf,
  mayBeEmpty,
  maxLength,
  numberBounds,
  RECORD_LANGUAGES,
  type FieldDescription,
  type RecordsDescription,
} from '../../domain/records';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';
import { simpleDescriptions } from '../descriptions';
import { RecordImagesInput } from './RecordImagesInput';
import { ReferenceLabelInput } from './referenceLabel';
import type { RecordsTexts } from './recordScreens';
import { useCountryChoices } from './recordHooks';

/** A country by its name in the chosen language, typed to narrow the list; stored as its ISO code. */
function CountryInput({
  source,
  label,
  optional,
  readOnly,
}: {
  source: string;
  label: string;
  optional: boolean;
  readOnly: boolean;
}) {
  const m = useMessages();
  const countries = useCountryChoices();
  const choices = useMemo(
    () => (optional ? [{ id: '', name: m.records.noCountry }, ...countries] : countries),
    [optional, countries, m],
  );
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      validate={optional ? undefined : required()}
      readOnly={readOnly}
    />
  );
}

/** An input per field, by its kind; a locked field cannot be changed once added, none on the Show page. */
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
  const m = useMessages();
  return (
    <Stack>
      {fieldsOfRecords(records).map(([f, spec]) => {
        const label = texts.fields[f] ?? f;
        const readOnly = showing || (editing && spec.locked === true);
        const validate = mayBeEmpty(spec) ? undefined : required();
        if (spec.kind === 'boolean') return <BooleanInput key={f} source={f} label={label} readOnly={readOnly} />;
        if (spec.kind === 'integer' || spec.kind === 'number') {
          const { min, max } = spec.kind === 'integer' ? integerBounds(spec) : numberBounds(spec);
          const step = spec.kind === 'integer' ? 1 : 10 ** -numberBounds(spec).decimals;
          return (
            <NumberInput
              key={f}
              source={f}
              label={label}
              validate={required()}
              step={step}
              min={min}
              max={max}
              readOnly={readOnly}
            />
          );
        }
        if (spec.kind === 'country')
          return (
            <CountryInput key={f} source={f} label={label} optional={spec.optional === true} readOnly={readOnly} />
          );
        if (spec.kind === 'choice')
          return (
            <SelectInput
              key={f}
              source={f}
              label={label}
              validate={validate}
              readOnly={readOnly}
              emptyText={spec.optional ? m.records.noCountry : undefined}
              emptyValue=""
              choices={(spec.options ?? []).map((o) => ({ id: o, name: texts.options?.[o] ?? o }))}
            />
          );
        if (spec.kind === 'images')
          return <RecordImagesInput key={f} source={f} label={label} max={imagesMax(spec)} readOnly={readOnly} />;
        if (spec.kind === 'reference' && showing) return <ReferenceLabelInput key={f} source={f} label={label} />;
        if (spec.kind === 'reference')
          return <ReferenceChoice key={f} source={f} label={label} spec={spec} readOnly={readOnly} />;
        const text = (source: string, fieldLabel: string, optional: boolean) => (
          <TextInput
            key={source}
            source={source}
            label={fieldLabel}
            validate={optional ? undefined : validate}
            readOnly={readOnly}
            autoComplete="off"
            type={spec.kind === 'email' ? 'email' : 'text'}
            multiline={spec.kind === 'text' || (spec.kind === 'translated' && spec.as === 'text')}
            minRows={spec.kind === 'text' || (spec.kind === 'translated' && spec.as === 'text') ? 3 : undefined}
            slotProps={{ htmlInput: { maxLength: maxLength(spec) } }}
            parse={(v: string | null) => v ?? ''}
          />
        );
        // A translated field: English as any text, then each other catalogue language, optional (the shop shows the
        // English where one is empty), stored under translations.<language>.<field> as products store theirs.
        if (spec.kind === 'translated')
          return [
            text(f, label, spec.optional === true),
            ...RECORD_LANGUAGES.map((lang) =>
              text(
                `translations.${lang}.${f}`,
                format(m.records.inLanguage, {
                  label,
                  language: m.products.languageTitles[lang as keyof typeof m.products.languageTitles] ?? lang,
                }),
                true,
              ),
            ),
          ];
        return text(f, label, false);
      })}
    </Stack>
  );
}

/** A reference to a record of another described resource, chosen by its label field (labelOf). */
function ReferenceChoice({
  source,
  label,
  spec,
  readOnly,
}: {
  source: string;
  label: string;
  spec: FieldDescription;
  readOnly: boolean;
}) {
  const target = simpleDescriptions.find((d) => d.name === spec.to);
  return (
    <ReferenceInput source={source} reference={spec.to!}>
      <AutocompleteInput
        label={label}
        optionText={target ? labelOf(target) : 'id'}
        filterToQuery={(q: string) => (target && hasSearch(target) && q ? { q } : {})}
        validate={spec.optional ? undefined : required()}
        readOnly={readOnly}
      />
    </ReferenceInput>
  );
}
