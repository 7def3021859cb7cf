import { existsSync } from 'node:fs';
import { defineModule } from '../../platform/modules.js';
import { lazyCountryTable } from './ip-ranges.js';
import { countryLookupRoutes } from './routes.js';

/**
 * The phone input's IP-to-country lookup, answered here so that no visitor's address goes to an
 * outside service. The table is read at the first lookup from COUNTRY_TABLE_FILES (or the data
 * package, a dependency: @ip-location-db/geo-whois-asn-country), then kept.
 */
export const countryLookupModule = defineModule({
  name: 'country-lookup',
  async register(api, { config, log }) {
    const missing = config.countryTableFiles.filter((file) => !existsSync(file));
    if (missing.length > 0) throw new Error(`COUNTRY_TABLE_FILES names files that do not exist: ${missing.join(', ')}`);
    const table = lazyCountryTable(config.countryTableFiles);
    if (config.countryTableFiles.length === 0 && config.countryLookupUrl.startsWith('/'))
      log.warn("The country lookup has no address ranges (COUNTRY_TABLE_FILES): phone inputs start on the language's country.");
    await api.register(countryLookupRoutes, { table });
  },
});
