import type { ComponentType, ReactNode } from 'react';
import { SelectInput, required } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { format, type Catalogue } from '../../domain/messages';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../domain/productFields';
import { emptyValue, type FieldDescription } from '../../domain/resourceDescription';
import { formValue } from '../../domain/fieldKinds';
import { useMessages } from '../../base/locale';
import { FIELD_KIND_VIEWS, TranslatedLanguageInput, type FieldInputProps } from '../shared/fieldKindViews';
import { ScheduleInputs, scheduleData } from './schedule';
import { productFields, useProductTexts } from './productTexts';

// Add and Edit Product show each field of productDescription through its kind's input (fieldKindViews.tsx), with the
// products' own parts kept: Status for `active`, the image slots (ImagesInput.tsx, below these fields), the schedule,
// and the translated fields side by side, a column per catalogue language.

/** Status: the boolean `active` as a select of Active or Disabled (the spec's), under its own label. */
function StatusInput({ source, readOnly }: FieldInputProps) {
  const t = useMessages().products;
  return (
    <SelectInput
      source={source}
      label={t.status}
      choices={[
        { id: 'active', name: t.active },
        { id: 'disabled', name: t.disabled },
      ]}
      format={(v: unknown) => (v === false ? 'disabled' : 'active')}
      parse={(v: unknown) => v !== 'disabled'}
      validate={required()}
      readOnly={readOnly}
    />
  );
}

/** A product's own input in place of its kind's; null where the page shows the field itself (the image slots). */
const OWN: Readonly<Partial<Record<string, ComponentType<FieldInputProps> | null>>> = {
  active: StatusInput,
  images: null,
};

/** The spec's order of the fields on the form's first grid; any other field follows, in the description's order. */
const FORM_ORDER = ['sku', 'price', 'category', 'mc', 'active'];
const place = (key: string): number => (FORM_ORDER.includes(key) ? FORM_ORDER.indexOf(key) : FORM_ORDER.length);

/** The fields of the first grid (all but the translated ones and those the page shows itself), in the form's order. */
const gridFields = (): [string, FieldDescription][] =>
  productFields()
    .filter(([key, f]) => f.kind !== 'translated' && OWN[key] !== null)
    .sort(([a], [b]) => place(a) - place(b));

/** The translated fields (a column per language). */
const translatedFields = (): [string, FieldDescription][] => productFields().filter(([, f]) => f.kind === 'translated');

/** A field's value on a new product's form: its kind's empty value; but active, and a required choice's first. */
const startValue = (key: string, f: FieldDescription): unknown =>
  key === 'active' ? true : f.kind === 'choice' && !f.optional ? f.options?.[0] : emptyValue(f);

/** The values a new product's form starts from. */
export function productDefaults(): Record<string, unknown> {
  const translated = translatedFields();
  return {
    ...Object.fromEntries(productFields().map(([key, f]) => [key, startValue(key, f)])),
    translations: Object.fromEntries(
      TRANSLATED_LANGUAGES.map((lang) => [lang, Object.fromEntries(translated.map(([key]) => [key, '']))]),
    ),
  };
}

/** A translated field's label in another language: 'Swedish name' where the catalogue says, else 'Name (Swedish)'. */
function inLanguage(m: Catalogue, key: string, label: string, lang: TranslatedLanguage): string {
  const own = (m.products.inLanguage as Readonly<Record<string, string | undefined>>)[key];
  return own
    ? format(own, { language: m.products.languageNames[lang] })
    : format(m.records.inLanguage, { label, language: m.products.languageTitles[lang] });
}

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

/** The product fields shared by add and edit; on edit a locked field (the SKU) is shown read-only, with why. */
export function ProductInputs({ editing = false }: { editing?: boolean }) {
  const m = useMessages();
  const texts = useProductTexts();
  const translated = translatedFields();
  const inputProps = (key: string, spec: FieldDescription): FieldInputProps => {
    const locked = spec.locked === true;
    return {
      source: key,
      label: texts.fields[key] ?? key,
      spec,
      readOnly: editing && locked,
      texts,
      ...(locked ? { hint: editing ? m.products.skuLocked : false } : {}),
    };
  };
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {gridFields().map(([key, spec]) => {
          const Input = OWN[key] ?? FIELD_KIND_VIEWS[spec.kind].Input;
          return <Input key={key} {...inputProps(key, spec)} />;
        })}
      </Box>
      <ScheduleInputs />
      {/* The translated fields in each catalogue language side by side (English first); one under the other on a
          phone. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: `repeat(${TRANSLATED_LANGUAGES.length + 1}, minmax(0, 1fr))` },
          columnGap: 2,
        }}
      >
        <LanguageColumn lang="en" inputs={translated.length}>
          {translated.map(([key, spec]) => (
            <TranslatedLanguageInput key={key} lang="en" {...inputProps(key, spec)} />
          ))}
        </LanguageColumn>
        {TRANSLATED_LANGUAGES.map((lang) => (
          <LanguageColumn key={lang} lang={lang} inputs={translated.length}>
            {/* Optional: where empty, the shop shows the English text. A name stays one line, as the English one. */}
            {translated.map(([key, spec]) => {
              const props = inputProps(key, spec);
              return (
                <TranslatedLanguageInput
                  key={key}
                  lang={lang}
                  {...props}
                  label={inLanguage(m, key, props.label, lang)}
                />
              );
            })}
          </LanguageColumn>
        ))}
      </Box>
    </>
  );
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The translated texts as the form sends them: every one, trimmed, '' where emptied (so the server clears it). */
function sentTranslations(values: Record<string, unknown>): Record<string, Record<string, string>> {
  const given =
    values.translations && typeof values.translations === 'object'
      ? (values.translations as Record<string, unknown>)
      : {};
  const translated = translatedFields();
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((lang) => {
      const texts = given[lang] && typeof given[lang] === 'object' ? (given[lang] as Record<string, unknown>) : {};
      return [lang, Object.fromEntries(translated.map(([key]) => [key, text(texts[key])]))];
    }),
  );
}

/** The fields an edit may change (all but a locked one, the SKU), in the description's order. */
export const editableFields = (): [string, FieldDescription][] => productFields().filter(([, f]) => !f.locked);

/**
 * What a product form sends: the fields the API takes (no id, version or dates), texts trimmed, and the translations.
 */
export function productData(values: Record<string, unknown>): Record<string, unknown> {
  return {
    ...Object.fromEntries(editableFields().map(([key, f]) => [key, formValue(f, values[key])])),
    translations: sentTranslations(values),
    ...scheduleData(values),
  };
}
