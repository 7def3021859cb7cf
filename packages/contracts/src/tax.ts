import { checkVAT, countries } from 'jsvat';
import { z } from 'zod';

/** The 27 member states of the EU VAT area, as ISO 3166-1 codes (Greece is GR here and EL in VAT numbers). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuCountry = (typeof EU_COUNTRIES)[number];
export const isEuCountry = (country: string | null | undefined): country is EuCountry =>
  (EU_COUNTRIES as readonly string[]).includes(country ?? '');

/** A tax id as people write it, compacted: upper case, without spaces, dots, dashes or slashes. */
export const compactTaxId = (value: string) => value.toUpperCase().replace(/[\s./-]/g, '');

/** The prefix of a member state's VAT numbers: its ISO code, except Greece's EL. */
const vatPrefix = (country: EuCountry) => (country === 'GR' ? 'EL' : country);

/**
 * The EU VAT number a buyer of `country` gave, when its format and check digits are that member
 * state's (jsvat holds every state's rules; Spain's cover the NIF, the NIE and the CIF). A number
 * written without its country prefix, as Spaniards write their NIF, gets it. Null outside the EU,
 * without a tax id, or for an invalid one.
 */
export function euVatNumber(country: string | null | undefined, taxId: string | null | undefined): string | null {
  if (!isEuCountry(country) || !taxId?.trim()) return null;
  const prefix = vatPrefix(country);
  const compact = compactTaxId(taxId);
  const candidate = compact.startsWith(prefix) ? compact : `${prefix}${compact}`;
  const rules = countries.filter((each) => each.codes[0] === country);
  return checkVAT(candidate, rules).isValid ? candidate : null;
}

/**
 * Whether a tax id is acceptable for a buyer of `country`: in the EU it must be a valid VAT number or
 * NIF/NIE/CIF of that state (else the invoice would print an id the tax agency rejects); elsewhere
 * any id is taken as written (each country's own formats are not checked).
 */
export const taxIdAcceptable = (country: string | null | undefined, taxId: string | null | undefined) =>
  !taxId?.trim() || !isEuCountry(country) || euVatNumber(country, taxId) !== null;

/**
 * Which VAT rule an invoice applied, from the seller's country and the buyer's (the place of supply
 * of electronically supplied services, Directive 2006/112/EC articles 44 and 58):
 * - `domestic`: the buyer is in the seller's country: the offer's tax (or the default one);
 * - `eu_reverse_charge`: a business in another member state with a valid VAT number: 0 %, the buyer
 *   accounts for the VAT (article 196);
 * - `eu_consumer_origin`: a consumer in another member state while the seller's EU distance sales stay
 *   within the 10,000 € threshold (article 59c): the seller's VAT;
 * - `eu_consumer_oss`: past the threshold: the VAT of the buyer's country, declared through the OSS;
 * - `outside_eu`: a buyer outside the EU: not subject to the seller's VAT, 0 %;
 * - `excluded_territory`: a buyer in a part of a member state outside the EU VAT area (Directive
 *   2006/112/EC article 6): Spain's Canary Islands, Ceuta and Melilla (Ley 37/1992 article 3), told
 *   by the billing address's postal code. Not subject to IVA (article 69), 0 %.
 */
export const TAX_RULES = [
  'domestic',
  'eu_reverse_charge',
  'eu_consumer_origin',
  'eu_consumer_oss',
  'outside_eu',
  'excluded_territory',
] as const;
export type TaxRule = (typeof TAX_RULES)[number];
export const taxRuleSchema = z.enum(TAX_RULES);

/** The parts of a member state outside the EU VAT area that the VAT rules tell apart (`excluded_territory`). */
export const EXCLUDED_TERRITORIES = ['canary_islands', 'ceuta', 'melilla'] as const;
export type ExcludedTerritory = (typeof EXCLUDED_TERRITORIES)[number];

/**
 * Whether a Spanish address is in the Canary Islands (postal codes 35… Las Palmas, 38… Santa Cruz de
 * Tenerife), Ceuta (51…) or Melilla (52…): Spain, but outside the territory where IVA applies (Ley
 * 37/1992 article 3; Directive 2006/112/EC article 6). Null for any other address or country.
 */
export function excludedTerritory(country: string | null | undefined, postalCode: string | null | undefined): ExcludedTerritory | null {
  if (country?.trim().toUpperCase() !== 'ES') return null;
  const province = /^\s*(\d{2})\d{3}\s*$/.exec(postalCode ?? '')?.[1];
  if (province === '35' || province === '38') return 'canary_islands';
  if (province === '51') return 'ceuta';
  if (province === '52') return 'melilla';
  return null;
}
