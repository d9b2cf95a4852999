import { SelectInput, TextInput, required } from 'react-admin';
import { Box } from '@mui/material';
import { CATEGORIES, MATERIAL_CARE } from '../../domain/constants';
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

/** The values a new product's form starts from. */
export const productDefaults = {
  sku: '',
  category: CATEGORIES[0],
  mc: MATERIAL_CARE[0],
  price: '',
  active: true,
  name: '',
  details: '',
  images: [] as string[],
};

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

/** What a product form sends: the fields the API takes (no id, version or dates), texts trimmed. */
export function productData(values: Record<string, unknown>): Record<string, unknown> {
  return {
    category: values.category,
    mc: values.mc,
    name: text(values.name),
    details: text(values.details),
    price: text(values.price),
    active: values.active !== false,
    images: Array.isArray(values.images) ? values.images : [],
  };
}
