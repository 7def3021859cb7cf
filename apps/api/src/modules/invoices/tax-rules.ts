import { euVatNumber, isEuCountry, type ExcludedTerritory, type Locale, type TaxRule } from '@enlaza/contracts';

/**
 * 10,000 € a calendar year of telecommunications, broadcasting and electronic services and distance
 * sales of goods to consumers in other member states (Directive 2006/112/EC, article 59c): up to it,
 * such a sale bears the seller's VAT; the sale that passes it, and every one after it that year and
 * the next, bears the VAT of the consumer's country.
 */
export const DISTANCE_SALES_THRESHOLD_CENTS = 1_000_000;

/** The tax an offer or add-on names (or the catalogue's default one). */
export type ChosenTax = { id: string | null; name: string; rateBasisPoints: number };

/** What the seller's invoices to EU consumers elsewhere added up to, before tax. */
export type DistanceSales = { thisYearCents: number; previousYearCents: number };

export type TaxTreatmentInput = {
  sellerCountry: string;
  /**
   * Where the buyer is (their billing address's country, else their account's), the tax id they gave,
   * and the part of that country outside the EU VAT area their billing address is in
   * (`excludedTerritory` of the contracts: the Canary Islands, Ceuta, Melilla), if any.
   */
  buyer: { country: string | null; taxId: string | null; territory?: ExcludedTerritory | null };
  chosen: ChosenTax;
  /** Asked only for a consumer in another member state (see `needsDistanceSales`). */
  distanceSales?: DistanceSales;
  /**
   * The standard VAT rate of the buyer's member state in basis points (the admin's table
   * `eu_vat_rates`), read with the distance sales: what the sale bears once they pass the threshold.
   */
  memberStateRateBasisPoints?: number;
  /** This sale's amount before tax: the sale that passes the threshold is already taxed where the buyer is. */
  baseCents: number;
  /** The language of the tax's name: a quote's reader's; none for an invoice line (the catalogue's stored names are Spanish). */
  locale?: Locale;
};

/**
 * The tax's name where it is not the catalogue's: another member state's VAT ("IVA DE"), and the 0 %
 * of a sale the buyer accounts for or that is not subject (the catalogue's "IVA 21 %" would mislead).
 */
const NAMES: Record<Locale, { vat: string; reverseCharge: string; notSubject: string }> = {
  en: { vat: 'VAT', reverseCharge: 'VAT, reverse charge', notSubject: 'VAT, not subject' },
  es: { vat: 'IVA', reverseCharge: 'IVA, inversión del sujeto pasivo', notSubject: 'IVA, no sujeto' },
  jp: { vat: '付加価値税', reverseCharge: '付加価値税（リバースチャージ）', notSubject: '付加価値税（課税対象外）' },
};

/** The tax an invoice line bears under a rule, and the rule (printed with its mention when not domestic). */
export type TaxTreatment = { rule: TaxRule; taxId: string | null; taxName: string; rateBasisPoints: number };

/** The buyer's country: where they said they are, else (unknown) the seller's, whose VAT then applies. */
export const buyerCountryOf = (input: Pick<TaxTreatmentInput, 'sellerCountry' | 'buyer'>) =>
  (input.buyer.country?.trim().toUpperCase() || input.sellerCountry).slice(0, 2);

/** Whether the rule depends on the seller's distance sales: a buyer in another member state without a valid VAT number. */
export function needsDistanceSales(input: Pick<TaxTreatmentInput, 'sellerCountry' | 'buyer'>): boolean {
  const country = buyerCountryOf(input);
  return (
    !input.buyer.territory && country !== input.sellerCountry && isEuCountry(country) && euVatNumber(country, input.buyer.taxId) === null
  );
}

/**
 * The VAT of one sale of an electronically supplied service from an EU seller (Directive
 * 2006/112/EC: article 44 for businesses, 58 for consumers, 59c for the threshold, 196 for the reverse
 * charge). A business is a buyer with a valid VAT number of their member state (what Stripe Tax and
 * VIES call a business); a buyer in another member state without one is a consumer.
 */
export function taxTreatment(input: TaxTreatmentInput): TaxTreatment {
  const { chosen } = input;
  const names = NAMES[input.locale ?? 'es'];
  const country = buyerCountryOf(input);
  const seller = { taxId: chosen.id, taxName: chosen.name, rateBasisPoints: chosen.rateBasisPoints };
  // Outside the EU VAT area although in a member state (the seller's own, for a Spanish seller): not subject.
  if (input.buyer.territory) return { rule: 'excluded_territory', taxId: null, taxName: names.notSubject, rateBasisPoints: 0 };
  if (country === input.sellerCountry) return { rule: 'domestic', ...seller };
  // Not the catalogue's rate: no catalogue tax row behind the line.
  if (!isEuCountry(country)) return { rule: 'outside_eu', taxId: null, taxName: names.notSubject, rateBasisPoints: 0 };
  if (euVatNumber(country, input.buyer.taxId) !== null)
    return { rule: 'eu_reverse_charge', taxId: null, taxName: names.reverseCharge, rateBasisPoints: 0 };
  const sales = input.distanceSales ?? { thisYearCents: 0, previousYearCents: 0 };
  const passed =
    sales.previousYearCents > DISTANCE_SALES_THRESHOLD_CENTS || sales.thisYearCents + input.baseCents > DISTANCE_SALES_THRESHOLD_CENTS;
  if (!passed) return { rule: 'eu_consumer_origin', ...seller };
  // Read with the distance sales whenever they are (the invoices module's `positionOf`): never guessed.
  if (input.memberStateRateBasisPoints === undefined) throw new Error(`The VAT rate of ${country} was not read with the distance sales`);
  return { rule: 'eu_consumer_oss', taxId: null, taxName: `${names.vat} ${country}`, rateBasisPoints: input.memberStateRateBasisPoints };
}
