import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js';
import { isPhoneCountry } from './countries';

/** Keeps the digits and a leading plus sign, the only characters a phone number is made of. */
export function phoneChars(text: string): string {
  const trimmed = text.trimStart();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

export interface FormattedPhone {
  /** What the input shows, formatted as the user types. */
  display: string;
  /** E.164 when the number is complete and valid for its country, otherwise null. */
  e164: string | null;
  /** A country recognised from an international number typed with `+`. */
  detectedCountry: string | null;
}

/** Formats what the user typed, read as a national number of `country` (or international with `+`). */
export function formatPhone(text: string, country: string): FormattedPhone {
  const chars = phoneChars(text);
  if (!chars || chars === '+') return { display: chars, e164: null, detectedCountry: null };
  const defaultCountry = isPhoneCountry(country) ? country : undefined;
  const typer = new AsYouType(defaultCountry);
  const display = typer.input(chars);
  const detected = chars.startsWith('+') ? (typer.getCountry() ?? null) : null;
  return { display, e164: toE164(chars, country), detectedCountry: detected };
}

/** The E.164 form of a national number of `country`, or null when it is not a valid number. */
export function toE164(national: string, country: string): string | null {
  const chars = phoneChars(national);
  if (!chars.replace('+', '')) return null;
  const parsed = isPhoneCountry(country) ? parsePhoneNumberFromString(chars, country) : parsePhoneNumberFromString(chars);
  return parsed?.isValid() ? parsed.number : null;
}

/** Splits a stored E.164 number into its country and the national digits the input shows. */
export function fromE164(e164: string | null | undefined): { country: string | null; national: string } | null {
  if (!e164) return null;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return null;
  return { country: parsed.country ?? null, national: parsed.nationalNumber };
}

/** A stored number for reading: `+34699111222` → `+34 699 11 12 22`; anything unparsable as it is. */
export function displayPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value);
  return parsed ? parsed.formatInternational() : value;
}
