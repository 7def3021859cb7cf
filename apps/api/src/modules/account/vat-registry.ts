import { euVatNumber, isEuCountry } from '@enlaza/contracts';

/** What a register of VAT numbers says of one: registered, not registered, or no answer now. */
export type VatRegistration = 'registered' | 'not_registered' | 'unavailable';

/** Looks up whether a VAT number is registered today (VIES), for the reverse charge of another member state's business. */
export interface VatRegistry {
  check(country: string, vatNumber: string): Promise<VatRegistration>;
}

/** VIES's own code of each member state: Greece is EL there (ISO 3166 says GR). */
const viesCountry = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * The European Commission's VIES REST service: POST `{ countryCode, vatNumber }` answers `valid`
 * (and `userError`: VALID, INVALID, or why the member state's register did not answer). A member
 * state's register is often down for minutes: that is `unavailable`, never a refusal.
 */
export function viesRegistry(url: string, timeoutMs = 8_000): VatRegistry {
  return {
    async check(country, vatNumber) {
      const prefix = viesCountry(country);
      const number = vatNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode: prefix, vatNumber: number.startsWith(prefix) ? number.slice(prefix.length) : number }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return 'unavailable';
        const answer = (await response.json()) as { valid?: unknown; userError?: unknown; actionSucceed?: unknown };
        if (answer.valid === true) return 'registered';
        if (answer.actionSucceed === false) return 'unavailable';
        return answer.valid === false && (answer.userError === undefined || answer.userError === 'INVALID')
          ? 'not_registered'
          : 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
  };
}

/**
 * Whether saving `taxId` for a buyer in `country` must be refused: a valid-looking VAT number of
 * another member state than the seller's that VIES says is not registered (its holder would get the
 * reverse charge without being a business). An unanswered lookup lets it through (logged by the caller).
 */
export async function vatRegistration(
  registry: VatRegistry | null,
  sellerCountry: string,
  country: string | null | undefined,
  taxId: string | null | undefined,
): Promise<VatRegistration | null> {
  if (!registry || !country || country === sellerCountry || !isEuCountry(country)) return null;
  const vat = euVatNumber(country, taxId);
  return vat ? registry.check(country, vat) : null;
}
