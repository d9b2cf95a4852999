import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { FieldTitle, InputHelperText, ResettableTextField, required, useInput, type Validator } from 'react-admin';
import { readNumber, writeNumber, type NumberRefusal } from '../../domain/localeNumbers';
import { format, type Catalogue } from '../../domain/messages';
import type { Locale } from '../../domain/locales';
import { useLocale, useMessages } from '../../base/locale';

export interface NumberRule {
  /** Digits kept after the decimal sign (0: a whole number). */
  decimals: number;
  min: number;
  max: number;
}

/**
 * Why a field's value is refused, in the console's language, or undefined. The form holds the number read, or the
 * text as typed when it reads as none (so this can say why); numbers in the message are written as the language does.
 */
export function numberProblem(value: unknown, locale: Locale, m: Catalogue, rule: NumberRule): string | undefined {
  const write = (n: number): string => writeNumber(n, locale, rule.decimals);
  const bounds = (): string => format(m.records.badNumber, { min: write(rule.min), max: write(rule.max) });
  const refusals: Record<NumberRefusal, () => string> = {
    notNumber: () => format(m.records.numberUnreadable, { example: write(1234.5) }),
    separators: () => format(m.records.numberSigns, { example: write(1234.5) }),
    decimals: () => (rule.decimals === 0 ? m.records.wholeNumber : format(m.records.decimals, { n: rule.decimals })),
    tooLarge: bounds,
  };
  let n = value;
  if (typeof value === 'string') {
    const reading = readNumber(value, locale, rule.decimals);
    if (!reading.ok) return refusals[reading.reason]();
    n = reading.value;
  }
  return typeof n === 'number' && (n < rule.min || n > rule.max) ? bounds() : undefined;
}

/**
 * A number field as the console's language writes numbers ('34,90' in Swedish, '34.90' in English), not the
 * browser's: a text box (a number box would read a Swedish '34,90' by the browser's rules, once as 3490) whose text
 * is read by domain/localeNumbers.ts as it is typed. The form holds the number, or the text itself while it reads as
 * none, refused with the reason; on leaving the box the number is written again with the field's decimals.
 */
export function LocaleNumberInput({
  source,
  label,
  rule,
  readOnly,
}: {
  source: string;
  label: string;
  rule: NumberRule;
  readOnly: boolean;
}) {
  const locale = useLocale();
  const m = useMessages();
  const { decimals, min, max } = rule;
  const validate = useMemo<Validator[]>(
    () => [required(), (value: unknown) => numberProblem(value, locale, m, { decimals, min, max })],
    [locale, m, decimals, min, max],
  );
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source, validate, readOnly, format: (v: unknown) => v, parse: (v: unknown) => v });
  const shown = (v: unknown): string =>
    typeof v === 'number' ? writeNumber(v, locale, decimals) : typeof v === 'string' ? v : '';
  const [text, setText] = useState(() => shown(field.value));
  // The value the text was last read as: a value set from elsewhere (the record loaded, a reset, the language
  // changed) is written into the box again; the box's own typing is left as typed.
  const read = useRef<unknown>(field.value);
  const { value } = field;
  useEffect(() => {
    if (Object.is(value, read.current)) return;
    read.current = value;
    setText(shown(value));
    // `shown` follows the language and decimals, named here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  useEffect(() => {
    if (typeof read.current === 'number') setText(writeNumber(read.current, locale, decimals));
  }, [locale, decimals]);

  const onChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const typed = event.target.value;
    const reading = readNumber(typed, locale, decimals);
    const next = reading.ok ? reading.value : typed;
    read.current = next;
    setText(typed);
    field.onChange(next);
  };
  const onBlur = (): void => {
    if (typeof read.current === 'number') setText(writeNumber(read.current, locale, decimals));
    field.onBlur();
  };
  return (
    <ResettableTextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={onChange}
      onBlur={onBlur}
      className={`ra-input ra-input-${source}`}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={invalid}
      helperText={<InputHelperText error={error?.message} />}
      readOnly={readOnly}
      autoComplete="off"
      // A phone's keyboard: digits, the decimal sign where there are decimals, a minus where one may be needed.
      slotProps={{ htmlInput: { inputMode: min < 0 ? 'text' : decimals === 0 ? 'numeric' : 'decimal' } }}
    />
  );
}
