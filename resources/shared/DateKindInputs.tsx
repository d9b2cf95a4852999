import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useThemeProps, type TextFieldProps } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { svSE } from '@mui/x-date-pickers/locales';
import { enGB, sv } from 'date-fns/locale';
import { format as writeDate, isValid, parse } from 'date-fns';
import { FieldTitle, InputHelperText, required, useInput, type Validator } from 'react-admin';
import type { Locale } from '../../domain/locales';
import { useLocale, useMessages } from '../../base/locale';

/** The calendar's language (date-fns) and the pickers' own words, per console language. */
const CALENDARS: Readonly<Record<Locale, { adapter: typeof enGB; words?: typeof svSE }>> = {
  en: { adapter: enGB },
  sv: { adapter: sv, words: svSE },
};

/**
 * What the form holds while the person has typed part of a date: refused with the reason, never sent (a date typed
 * half-way is neither the old one nor none).
 */
export const INCOMPLETE = 'incomplete';

/** How a kind's stored value becomes the picker's local wall time ('2026-03-29' or '2026-03-29T14:30'), and back. */
export interface WallForm {
  /** The wall-time pattern the picker's date is written in (date-fns). */
  pattern: string;
  toWall: (stored: string) => string;
  fromWall: (wall: string) => string;
}

/** A day's pattern (date-fns). */
const DAY = 'yyyy-MM-dd';

/**
 * A date the picker holds that is whole: valid, its year of four digits (typing 2027 passes through the years 2, 20
 * and 202, each a valid date, none meant).
 */
const whole = (d: Date): boolean => isValid(d) && d.getFullYear() >= 1000;

const readWall = (wall: string, pattern: string): Date | null => {
  const d = wall ? parse(wall, pattern, new Date(0)) : null;
  return d && isValid(d) ? d : null;
};

/**
 * A date, or a date and time, as MUI X's picker writes it in the console's language (29/03/2026 in English,
 * 2026-03-29 in Swedish, with a calendar to pick from), not the browser's: the browser's own date box follows the
 * browser's language, so a Swedish console showed 03/29/2026. The form holds the stored form (the kind's `WallForm`
 * says how), or INCOMPLETE while a date is typed part-way.
 */
export default function PickedDateInput({
  source,
  label,
  optional,
  readOnly,
  withTime,
  wall,
  filter = false,
  quiet = filter,
  hint,
  describedBy,
  validate: more,
}: {
  source: string;
  label: string;
  optional: boolean;
  readOnly: boolean;
  withTime: boolean;
  wall: WallForm;
  /** In a list's filters: as wide as its words, no line kept for a message (react-admin's filters are so). */
  filter?: boolean;
  /** No line kept under the box for a message until there is one (react-admin's `helperText={false}`). */
  quiet?: boolean;
  /** Words under the box while no refusal is there (the time zone), read with it. */
  hint?: string;
  /** The id of words elsewhere that the box is read with (a hint shared by two boxes). */
  describedBy?: string;
  /** A check of the form's own beside the kind's (products' schedule window). */
  validate?: Validator;
}) {
  const m = useMessages();
  const incomplete = withTime ? m.records.timeIncomplete : m.records.dateIncomplete;
  const validate = useMemo<Validator[]>(
    () => [
      (v: unknown) => (v === INCOMPLETE ? incomplete : undefined),
      ...(optional ? [] : [required()]),
      ...(more ? [more] : []),
    ],
    [incomplete, optional, more],
  );
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source, validate, readOnly, format: (v: unknown) => v, parse: (v: unknown) => v });
  const shown = (v: unknown): Date | null =>
    typeof v === 'string' && v && v !== INCOMPLETE ? readWall(wall.toWall(v), wall.pattern) : null;
  const [picked, setPicked] = useState<Date | null>(() => shown(field.value));
  // The value last taken from the picker: a value set from elsewhere (the record loaded, a reset) or a new zone is
  // shown again; the picker's own typing, a part-typed date included, is left as typed.
  const taken = useRef<unknown>(field.value);
  const shownIn = useRef(wall);
  const { value } = field;
  useEffect(() => {
    if (Object.is(value, taken.current) && (shownIn.current === wall || value === INCOMPLETE)) return;
    taken.current = value;
    shownIn.current = wall;
    setPicked(shown(value));
    // `shown` follows `wall` (a time's zone, known once the shop's settings arrive), named here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, wall]);

  const onChange = (d: Date | null): void => {
    const next = d === null ? '' : whole(d) ? wall.fromWall(writeDate(d, wall.pattern)) : INCOMPLETE;
    taken.current = next;
    setPicked(d);
    field.onChange(next);
  };
  // A date typed part-way into an empty box: the picker calls no onChange (its value stays none), so on leaving the
  // box its text says it: any digit in it is a date begun (the empty sections are letters: DD/MM/YYYY, ÅÅÅÅ-MM-DD).
  const text = useRef<HTMLInputElement | null>(null);
  const onBlur = (): void => {
    if (picked === null) {
      const next = /\d/.test(text.current?.value ?? '') ? INCOMPLETE : '';
      if (next !== (taken.current || '')) {
        taken.current = next;
        field.onChange(next);
      }
    }
    field.onBlur();
  };
  // The text box as the form's other boxes are (filled, dense, as the theme says), with the form's label and errors.
  const box = useThemeProps<object, TextFieldProps, 'MuiTextField'>({ props: {}, name: 'MuiTextField' });
  const textField = {
    id,
    name: field.name,
    inputRef: (el: HTMLInputElement | null) => {
      text.current = el;
      field.ref(el);
    },
    onBlur,
    variant: box.variant,
    margin: box.margin,
    size: box.size,
    fullWidth: !filter,
    className: `ra-input ra-input-${source}`,
    error: invalid,
    helperText: invalid ? (
      <InputHelperText error={error?.message} />
    ) : (
      (hint ?? (quiet ? undefined : <InputHelperText error={undefined} />))
    ),
    ...(describedBy && {
      slotProps: { input: { 'aria-describedby': invalid ? `${id}-helper-text ${describedBy}` : describedBy } },
    }),
  };
  const props = {
    label: <FieldTitle label={label} source={source} isRequired={isRequired} />,
    value: picked,
    onChange,
    readOnly,
    slotProps: { textField },
  };
  return <InLocale>{withTime ? <DateTimePicker {...props} ampm={false} /> : <DatePicker {...props} />}</InLocale>;
}

/** The pickers inside: their calendar and words in the console's language. */
function InLocale({ children }: { children: ReactNode }) {
  const calendar = CALENDARS[useLocale()];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={calendar.adapter}
      localeText={calendar.words?.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

/**
 * A day ('2026-03-29', or '' for none) outside a form, as a page's filter (Activity's From and To): told of a whole
 * date or none, never of one typed part-way.
 */
export function DayPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const picked = useMemo(() => readWall(value, DAY), [value]);
  const [shown, setShown] = useState<Date | null>(picked);
  useEffect(() => setShown(picked), [picked]);
  const change = (d: Date | null): void => {
    setShown(d);
    if (d === null) onChange('');
    else if (whole(d)) onChange(writeDate(d, DAY));
  };
  return (
    <InLocale>
      <DatePicker
        label={label}
        value={shown}
        onChange={change}
        slotProps={{ textField: { size: 'small', sx: { width: 190 } } }}
      />
    </InLocale>
  );
}
