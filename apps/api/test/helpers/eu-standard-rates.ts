import type { EuCountry } from '@enlaza/contracts';

/**
 * The standard VAT rate of each member state in force on 1 January 2026 (European Commission, "VAT
 * rates applied in the Member States of the European Union"), in basis points: what migration 0052
 * seeds the admin's table `eu_vat_rates` with. The application reads the table; tests compare with this.
 */
export const EU_STANDARD_RATES: Record<EuCountry, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};
