import { useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from './country-picker';
import { formatPhone, fromE164, phoneChars } from './phone-format';
import { isPhoneCountry } from './countries';
import { useDetectedCountry } from './use-detected-country';

/** Constants of the inherited product: the placeholder is not translated. */
export const PHONE_PLACEHOLDER = 'Telefono';
export const PHONE_MAX_LENGTH = 25;
const LAST_RESORT_COUNTRY = 'ES';

export interface PhoneChangeDetails {
  /** What the field shows. */
  text: string;
  /** False when something is typed that is not a valid number of the country. */
  valid: boolean;
}

export interface PhoneInputProps {
  /** The number in E.164, or null. */
  value: string | null;
  /** Called with the E.164 number (null when empty or not valid yet) and the selected country. */
  onChange: (value: string | null, country: string, details: PhoneChangeDetails) => void;
  /** Selected country (ISO code). When given, no IP lookup is made. */
  country?: string | null;
  onCountryChange?: (country: string) => void;
  label?: string;
  description?: string;
  /** Error from outside (e.g. the server); shown instead of the field's own. */
  error?: string | null;
  /** The user's country, used when the IP lookup fails. */
  fallbackCountry?: string | null;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  id?: string;
}

/** Digits (and a leading +) before `caret` in `text`. */
function charsBefore(text: string, caret: number): number {
  return phoneChars(text.slice(0, caret)).length;
}

/** Index in `display` just after its `count`-th phone character. */
function caretAfter(display: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < display.length; i += 1) {
    if (/[\d+]/.test(display.charAt(i))) seen += 1;
    if (seen === count) return i + 1;
  }
  return display.length;
}

/**
 * Phone field in national number mode: the user types the national number, it is formatted as
 * typed, and the parent receives E.164. A country button opens a searchable list.
 */
export function PhoneInput(props: PhoneInputProps) {
  const { value, onChange, onCountryChange, label, description, error, fallbackCountry, required, disabled, name } = props;
  const { t } = useTranslation('phone');
  const autoId = useId();
  const inputId = props.id ?? `phone-${autoId}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  const initial = fromE164(value);
  const [text, setText] = useState(initial?.national ?? '');
  const [pickedCountry, setPickedCountry] = useState<string | null>(initial?.country ?? null);
  // The previous `value` prop, and the last number this field reported.
  const [previousValue, setPreviousValue] = useState(value);
  const [reported, setReported] = useState(value);
  const [touched, setTouched] = useState(false);

  const controlledCountry = isPhoneCountry(props.country) ? props.country : null;
  const detection = useDetectedCountry(!controlledCountry && !pickedCountry);
  const detected = detection.status === 'found' && isPhoneCountry(detection.country) ? detection.country : null;
  const fallback = isPhoneCountry(fallbackCountry) ? fallbackCountry : LAST_RESORT_COUNTRY;
  const country = controlledCountry ?? pickedCountry ?? detected ?? fallback;

  const formatted = formatPhone(text, country);

  // A new number from the parent (loaded, reset) replaces what the field shows; the echo of
  // what the field itself reported does not.
  if (value !== previousValue) {
    setPreviousValue(value);
    if (value !== reported) {
      setReported(value);
      const parsed = fromE164(value);
      setText(parsed?.national ?? '');
      if (parsed?.country) setPickedCountry(parsed.country);
    }
  }

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !inputRef.current) return;
    const at = caretAfter(inputRef.current.value, pendingCaret.current);
    inputRef.current.setSelectionRange(at, at);
    pendingCaret.current = null;
  });

  const emit = (nextText: string, nextCountry: string) => {
    const next = formatPhone(nextText, nextCountry);
    setReported(next.e164);
    onChange(next.e164, nextCountry, { text: next.display, valid: !phoneChars(nextText) || next.e164 !== null });
  };

  const handleInput = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = input.value;
    let chars = phoneChars(raw);
    let caret = charsBefore(raw, input.selectionStart ?? raw.length);
    // Deleting a space or bracket would change nothing once reformatted: delete the digit before it.
    if (chars === phoneChars(formatted.display) && raw.length < formatted.display.length && caret > 0) {
      chars = chars.slice(0, caret - 1) + chars.slice(caret);
      caret -= 1;
    }
    let nextCountry = country;
    const next = formatPhone(chars, country);
    // An international number typed with + selects its country.
    if (next.detectedCountry && next.detectedCountry !== country && !controlledCountry) {
      nextCountry = next.detectedCountry;
      setPickedCountry(nextCountry);
      onCountryChange?.(nextCountry);
    } else if (!controlledCountry && !pickedCountry) {
      // Typing pins the country shown, so a late lookup answer cannot reinterpret the number.
      setPickedCountry(country);
    }
    pendingCaret.current = caret;
    setText(chars);
    emit(chars, nextCountry);
  };

  const handleCountry = (code: string) => {
    setPickedCountry(code);
    onCountryChange?.(code);
    emit(text, code);
  };

  const ownError = touched && phoneChars(text) && !formatted.e164 ? t('invalid') : null;
  const shownError = error || ownError;

  return (
    // The wrapper's id links the label, the description and the error to the input.
    <Input.Wrapper id={inputId} label={label} description={description} error={shownError} required={required}>
      <Input
        ref={inputRef}
        id={inputId}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PHONE_PLACEHOLDER}
        maxLength={PHONE_MAX_LENGTH}
        value={formatted.display}
        onChange={handleInput}
        onBlur={() => setTouched(true)}
        disabled={disabled}
        required={required}
        error={!!shownError}
        aria-label={label ? undefined : t('label')}
        data-testid="phone-input"
        data-country={country}
        leftSection={
          <CountryPicker value={country} onChange={handleCountry} disabled={disabled} onPicked={() => inputRef.current?.focus()} />
        }
        leftSectionWidth={96}
        leftSectionPointerEvents="all"
      />
    </Input.Wrapper>
  );
}
