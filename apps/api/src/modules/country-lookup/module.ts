import { defineModule } from '../../platform/modules.js';
import { loadCountryTable } from './ip-ranges.js';
import { countryLookupRoutes } from './routes.js';

/**
 * The phone input's IP-to-country lookup, answered here so that no visitor's address goes to an
 * outside service. The table is read once at start-up from COUNTRY_TABLE_FILES (or the data package).
 */
export const countryLookupModule = defineModule({
  name: 'country-lookup',
  async register(api, { config, log }) {
    const table = loadCountryTable(config.countryTableFiles);
    if (table.size === 0 && config.countryLookupUrl.startsWith('/'))
      log.warn("The country lookup has no address ranges (COUNTRY_TABLE_FILES): phone inputs start on the language's country.");
    await api.register(countryLookupRoutes, { table });
  },
});
