import type { ReactNode } from 'react';
import { SelectInput, TextInput, required } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { CATEGORIES, MATERIAL_CARE } from '../../domain/constants';
import {
  EDITABLE_PRODUCT_FIELDS,
  PRODUCT_FIELDS,
  TRANSLATED_FIELDS,
  TRANSLATED_LANGUAGES,
  translatedFieldLabel,
  type ProductField,
  type TranslatedField,
  type TranslatedLanguage,
} from '../../domain/productFields';
import { currentMessages, useMessages } from '../../base/locale';
import { ScheduleInputs, scheduleData } from './schedule';

/** Required, and more than blanks (the server trims these too). */
const notBlank = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? undefined : currentMessages().common.required;
const mandatory = [required(), notBlank];

const categories = CATEGORIES.map((c) => ({ id: c, name: c }));
const careChoices = MATERIAL_CARE.map((c) => ({ id: c, name: c }));
// The form holds the boolean `active`; the select shows Active or Disabled.
const formatStatus = (v: unknown): string => (v === false ? 'disabled' : 'active');
const parseStatus = (v: unknown): boolean => v !== 'disabled';

/** A field's empty value on a new product's form: blank text, the first choice, active, no images. */
const emptyValue = (f: ProductField): unknown => {
  if (f.kind === 'boolean') return true;
  if (f.kind === 'images') return [] as string[];
  if (f.kind === 'choice') return f.description.options?.[0] ?? '';
  return '';
};

/** The form's source of a translated field: `translations.se.name`. */
const translatedSource = (tf: TranslatedField): string => `translations.${tf.lang}.${tf.field.key}`;

/** The translated fields grouped by language, in the catalogue's order. */
const byLanguage = TRANSLATED_LANGUAGES.map((lang) => ({
  lang,
  fields: TRANSLATED_FIELDS.filter((tf) => tf.lang === lang),
}));

/** Blank translated texts for every other language: `{ se: { name: '', details: '' } }`. */
const emptyTranslations = (): Record<string, Record<string, string>> =>
  Object.fromEntries(
    byLanguage.map(({ lang, fields }) => [lang, Object.fromEntries(fields.map((tf) => [tf.field.key, '']))]),
  );

/** The values a new product's form starts from. */
export const productDefaults = {
  ...Object.fromEntries(PRODUCT_FIELDS.map((f) => [f.key, emptyValue(f)])),
  translations: emptyTranslations(),
} as Record<string, unknown>;

/**
 * One language's column: its heading, a hint (the other languages': they are optional), then its inputs. On md and up
 * the columns share the parent grid's rows (subgrid), so the names and details line up whatever the hint's length.
 */
function LanguageColumn({
  lang,
  inputs,
  children,
}: {
  lang: 'en' | TranslatedLanguage;
  inputs: number;
  children: ReactNode;
}) {
  const t = useMessages().products;
  const headingId = `product-language-${lang}`;
  const hintId = `${headingId}-hint`;
  const translated = lang !== 'en';
  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      aria-describedby={translated ? hintId : undefined}
      sx={{
        minWidth: 0,
        display: { md: 'grid' },
        gridRow: { md: `span ${inputs + 2}` },
        gridTemplateRows: { md: 'subgrid' },
        rowGap: { md: 0 },
      }}
    >
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        {t.languageTitles[lang]}
      </Typography>
      <Typography
        id={hintId}
        variant="body2"
        color="text.secondary"
        sx={{ mb: 1, display: { xs: translated ? 'block' : 'none', md: 'block' } }}
      >
        {translated ? t.translationOptional : ''}
      </Typography>
      {children}
    </Box>
  );
}

/** The product fields shared by add and edit; on edit the SKU is shown read-only (it cannot change). */
export function ProductInputs({ skuLocked = false }: { skuLocked?: boolean }) {
  const m = useMessages();
  const t = m.products;
  const statusChoices = [
    { id: 'active', name: t.active },
    { id: 'disabled', name: t.disabled },
  ];
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        <TextInput
          source="sku"
          label={t.sku}
          validate={skuLocked ? undefined : mandatory}
          readOnly={skuLocked}
          helperText={skuLocked ? t.skuLocked : false}
          autoComplete="off"
        />
        <TextInput source="price" label={t.price} validate={mandatory} autoComplete="off" />
        <SelectInput source="category" label={t.category} choices={categories} validate={required()} />
        <SelectInput source="mc" label={t.mc} choices={careChoices} validate={required()} />
        <SelectInput
          source="active"
          label={t.status}
          choices={statusChoices}
          format={formatStatus}
          parse={parseStatus}
          validate={required()}
        />
      </Box>
      <ScheduleInputs />
      {/* Name and details in each catalogue language side by side (English first); one under the other on a phone. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: `repeat(${byLanguage.length + 1}, minmax(0, 1fr))` },
          columnGap: 2,
        }}
      >
        <LanguageColumn lang="en" inputs={2}>
          <TextInput source="name" label={t.name} validate={mandatory} autoComplete="off" />
          <TextInput source="details" label={t.details} validate={mandatory} multiline minRows={3} />
        </LanguageColumn>
        {byLanguage.map(({ lang, fields }) => (
          <LanguageColumn key={lang} lang={lang} inputs={fields.length}>
            {/* Optional: where empty, the shop shows the English text. A name stays one line, as the English one. */}
            {fields.map((tf) => (
              <TextInput
                key={tf.key}
                source={translatedSource(tf)}
                label={translatedFieldLabel(tf, m)}
                autoComplete="off"
                {...(tf.field.kind === 'text' ? { multiline: true, minRows: 3 } : {})}
              />
            ))}
          </LanguageColumn>
        ))}
      </Box>
    </>
  );
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A field's value as the form sends it: texts trimmed, a flag true unless false, images as a list. */
const sent = (f: ProductField, v: unknown): unknown => {
  if (f.kind === 'line' || f.kind === 'text') return text(v);
  if (f.kind === 'boolean') return v !== false;
  if (f.kind === 'images') return Array.isArray(v) ? v : [];
  return v;
};

/** The translated texts as the form sends them: every one, trimmed, '' where emptied (so the server clears it). */
function sentTranslations(values: Record<string, unknown>): Record<string, Record<string, string>> {
  const given =
    values.translations && typeof values.translations === 'object'
      ? (values.translations as Record<string, unknown>)
      : {};
  return Object.fromEntries(
    byLanguage.map(({ lang, fields }) => {
      const texts = given[lang] && typeof given[lang] === 'object' ? (given[lang] as Record<string, unknown>) : {};
      return [lang, Object.fromEntries(fields.map((tf) => [tf.field.key, text(texts[tf.field.key])]))];
    }),
  );
}

/**
 * What a product form sends: the fields the API takes (no id, version or dates), texts trimmed, and the translations.
 */
export function productData(values: Record<string, unknown>): Record<string, unknown> {
  return {
    ...Object.fromEntries(EDITABLE_PRODUCT_FIELDS.map((f) => [f.key, sent(f, values[f.key])])),
    translations: sentTranslations(values),
    ...scheduleData(values),
  };
}
