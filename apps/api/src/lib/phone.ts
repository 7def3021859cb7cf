import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A stored number as people read it, in its international form (`+34699111222` → `+34 699 11 12
 * 22`), the way the mailbox and the app's phone fields show it; anything that is not a number
 * libphonenumber recognises is shown as it was written.
 */
export function displayPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value);
  return parsed ? parsed.formatInternational() : value;
}
