import { useMemo, type ReactNode } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
} from 'react-admin';
import {
  hasSearch,
  imagesMax,
  integerBounds,
  mayBeEmpty,
  maxLength,
  numberBounds,
  RECORD_LANGUAGES,
  type FieldDescription,
  type FieldKind,
} from '../../domain/records';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';
import { simpleDescriptions } from '../descriptions';
import { RecordImagesInput } from './RecordImagesInput';
import type { RecordsTexts } from './recordScreens';
import { useCountryChoices } from './recordHooks';

// The browser's side of each field kind (the rest of a kind is its entry in domain/fieldKinds.ts, keyed the same):
// the input the add, edit and show pages give it, and its cell in the list.

/** What a kind's input is given: the field, its label, whether it may be changed here, the resource's texts. */
export interface FieldInputProps {
  source: string;
  label: string;
  spec: FieldDescription;
  readOnly: boolean;
  texts: RecordsTexts;
}

/** What a cell is shown with: the catalogue's Yes and No, the resource's texts, a country's name. */
export interface CellContext {
  yes: string;
  no: string;
  texts: RecordsTexts;
  country: (code: string) => string;
}

export interface FieldKindView {
  Input: (props: FieldInputProps) => ReactNode;
  /** A value as the list shows it. */
  cell: (value: unknown, spec: FieldDescription, ctx: CellContext) => string;
}

const required_ = (spec: FieldDescription) => (mayBeEmpty(spec) ? undefined : required());

/** A text as the list shows it. */
const plain = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** A text kind's input: one line, free text (several lines) or an address, at most its kind's characters. */
function TextKindInput({ source, label, spec, readOnly, optional }: FieldInputProps & { optional?: boolean }) {
  const lines = spec.kind === 'text' || (spec.kind === 'translated' && spec.as === 'text');
  return (
    <TextInput
      source={source}
      label={label}
      validate={optional ? undefined : required_(spec)}
      readOnly={readOnly}
      autoComplete="off"
      type={spec.kind === 'email' ? 'email' : 'text'}
      multiline={lines}
      minRows={lines ? 3 : undefined}
      slotProps={{ htmlInput: { maxLength: maxLength(spec) } }}
      parse={(v: string | null) => v ?? ''}
    />
  );
}

/**
 * A translated field: English as any text, then each other catalogue language, optional (the shop shows the English
 * where one is empty), stored under translations.<language>.<field> as products store theirs.
 */
function TranslatedInput(props: FieldInputProps) {
  const m = useMessages();
  const { source, label, spec } = props;
  return (
    <>
      <TextKindInput {...props} optional={spec.optional === true} />
      {RECORD_LANGUAGES.map((lang) => (
        <TextKindInput
          key={lang}
          {...props}
          source={`translations.${lang}.${source}`}
          label={format(m.records.inLanguage, {
            label,
            language: m.products.languageTitles[lang as keyof typeof m.products.languageTitles] ?? lang,
          })}
          optional
        />
      ))}
    </>
  );
}

/** A whole number or a decimal, within its bounds, in steps of its smallest unit. */
function NumberKindInput({ source, label, spec, readOnly }: FieldInputProps) {
  const { min, max } = spec.kind === 'integer' ? integerBounds(spec) : numberBounds(spec);
  const step = spec.kind === 'integer' ? 1 : 10 ** -numberBounds(spec).decimals;
  return (
    <NumberInput
      source={source}
      label={label}
      validate={required()}
      step={step}
      min={min}
      max={max}
      readOnly={readOnly}
    />
  );
}

/** A country by its name in the chosen language, typed to narrow the list; stored as its ISO code. */
function CountryInput({ source, label, spec, readOnly }: FieldInputProps) {
  const m = useMessages();
  const countries = useCountryChoices();
  const optional = spec.optional === true;
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

/** One of the options, by its label in the resource's texts. */
function ChoiceInput({ source, label, spec, readOnly, texts }: FieldInputProps) {
  const m = useMessages();
  return (
    <SelectInput
      source={source}
      label={label}
      validate={required_(spec)}
      readOnly={readOnly}
      emptyText={spec.optional ? m.records.noCountry : undefined}
      emptyValue=""
      choices={(spec.options ?? []).map((o) => ({ id: o, name: texts.options?.[o] ?? o }))}
    />
  );
}

/** A reference to a record of another described resource, chosen by its search field. */
function ReferenceChoice({ source, label, spec, readOnly }: FieldInputProps) {
  const target = simpleDescriptions.find((d) => d.name === spec.to);
  return (
    <ReferenceInput source={source} reference={spec.to!}>
      <AutocompleteInput
        label={label}
        optionText={target?.search ?? 'id'}
        filterToQuery={(q: string) => (target && hasSearch(target) && q ? { q } : {})}
        validate={spec.optional ? undefined : required()}
        readOnly={readOnly}
      />
    </ReferenceInput>
  );
}

/** Yes or no, a switch. */
function BooleanKindInput({ source, label, readOnly }: FieldInputProps) {
  return <BooleanInput source={source} label={label} readOnly={readOnly} />;
}

/** Up to its most images, with upload progress. */
function ImagesInput({ source, label, spec, readOnly }: FieldInputProps) {
  return <RecordImagesInput source={source} label={label} max={imagesMax(spec)} readOnly={readOnly} />;
}

const text: FieldKindView = { Input: TextKindInput, cell: plain };
const numeric: FieldKindView = { Input: NumberKindInput, cell: plain };

/** Each kind's input and cell, by its name (as domain/fieldKinds.ts). */
export const FIELD_KIND_VIEWS: { readonly [K in FieldKind]: FieldKindView } = {
  line: text,
  text,
  email: text,
  translated: { Input: TranslatedInput, cell: plain },
  country: { Input: CountryInput, cell: (v, _spec, ctx) => ctx.country(String(v ?? '')) },
  boolean: {
    Input: BooleanKindInput,
    cell: (v, _spec, ctx) => (v ? ctx.yes : ctx.no),
  },
  integer: numeric,
  number: numeric,
  choice: { Input: ChoiceInput, cell: (v, _spec, ctx) => ctx.texts.options?.[String(v ?? '')] ?? String(v ?? '') },
  images: {
    Input: ImagesInput,
    cell: (v) => (Array.isArray(v) ? String(v.length) : ''),
  },
  reference: { Input: ReferenceChoice, cell: plain },
};
