import { SelectInput, TextInput, required } from 'react-admin';
import { Box } from '@mui/material';
import { CATEGORIES, MATERIAL_CARE } from '../../domain/constants';
import { EDITABLE_PRODUCT_FIELDS, PRODUCT_FIELDS, productRules, type ProductField } from '../../domain/productFields';
import { currentMessages, useMessages } from '../../src/locale';

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
  if (f.kind === 'flag') return true;
  if (f.kind === 'images') return [] as string[];
  if (f.kind === 'choice') return (productRules[f.key as keyof typeof productRules] as { options: readonly string[] }).options[0];
  return '';
};

/** The values a new product's form starts from. */
export const productDefaults = Object.fromEntries(PRODUCT_FIELDS.map((f) => [f.key, emptyValue(f)])) as Record<string, unknown>;

/** The product fields shared by add and edit; on edit the SKU is shown read-only (it cannot change). */
export function ProductInputs({ skuLocked = false }: { skuLocked?: boolean }) {
  const t = useMessages().products;
  const statusChoices = [
    { id: 'active', name: t.active },
    { id: 'disabled', name: t.disabled },
  ];
  return (
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
      <SelectInput source="active" label={t.status} choices={statusChoices} format={formatStatus} parse={parseStatus} validate={required()} />
      <TextInput source="name" label={t.name} validate={mandatory} autoComplete="off" />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextInput source="details" label={t.details} validate={mandatory} multiline minRows={3} />
      </Box>
    </Box>
  );
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A field's value as the form sends it: texts trimmed, a flag true unless false, images as a list. */
const sent = (f: ProductField, v: unknown): unknown => {
  if (f.kind === 'line' || f.kind === 'text') return text(v);
  if (f.kind === 'flag') return v !== false;
  if (f.kind === 'images') return Array.isArray(v) ? v : [];
  return v;
};

/** What a product form sends: the fields the API takes (no id, version or dates), texts trimmed. */
export function productData(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(EDITABLE_PRODUCT_FIELDS.map((f) => [f.key, sent(f, values[f.key])]));
}
