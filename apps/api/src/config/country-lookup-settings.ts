import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The app's own IP-to-country lookup, asked by the phone input unless COUNTRY_LOOKUP_URL names another service. */
export const OWN_COUNTRY_LOOKUP_PATH = '/api/country-lookup';

/** The IP-to-country data package the own lookup reads when COUNTRY_TABLE_FILES is unset (CC0, ranges as `first,last,CC`). */
const COUNTRY_TABLE_PACKAGE = '@ip-location-db/geo-whois-asn-country';
const COUNTRY_TABLE_PACKAGE_FILES = ['geo-whois-asn-country-ipv4.csv', 'geo-whois-asn-country-ipv6.csv'];

/** The package's range files when it is installed; none otherwise (every lookup then answers "unknown"). */
export function packagedCountryTable(): string[] {
  let root: string;
  try {
    root = dirname(createRequire(import.meta.url).resolve(`${COUNTRY_TABLE_PACKAGE}/package.json`));
  } catch {
    return [];
  }
  return COUNTRY_TABLE_PACKAGE_FILES.map((file) => join(root, file)).filter((file) => existsSync(file));
}
