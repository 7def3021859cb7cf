import { defineModule } from '../../platform/modules.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { defineJob } from '../../platform/job-list.js';
import { createDnsReader } from '../../lib/dns.js';
import { customDomainAskRoute, customDomainRoutes } from './routes.js';
import { customDomains } from './schema.js';
import { createCustomDomains, type CustomDomainsService } from './service.js';
import { createCustomDomainsUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    customDomains: CustomDomainsService;
  }
}

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    'custom-domains.recheck': Record<string, never>;
  }
}

/** Owners' custom domains (docs/custom-domains.md): records, checks, the daily re-check, Caddy's ask. */
export const customDomainsModule = defineModule({
  name: 'custom-domains',
  provides: ['customDomainOf'],
  async build({ db, jobs, config, log, registries, services: { subscriptions } }) {
    const domains = createCustomDomains({
      db,
      requireAccess: registries.access.requireAccess,
      dns: createDnsReader(config.dnsServers),
      cnameTarget: config.customDomains.cnameTarget,
      publicHost: new URL(config.publicUrl).hostname.toLowerCase(),
      quota: (actor) => subscriptions.customDomainQuota(actor),
    });
    await defineJob(jobs, 'custom-domains.recheck', async () => {
      const result = await domains.recheckDue();
      if (result.failed > 0) log.warn(result, 'custom domains whose records went away');
    });
    return {
      services: { customDomains: domains },
      access: [ownedRowsAccess('custom_domain', db, customDomains)],
      userData: [createCustomDomainsUserData(db)],
      // The public page names a card's domain as its address (canonical link, sharing tags, vCard).
      hooks: { customDomainOf: (profileId: string) => domains.hostOfProfile(profileId) },
    };
  },
  async register(api, { services: { customDomains: domains } }) {
    await api.register(customDomainRoutes, { domains });
    await api.register(customDomainAskRoute, { domains });
  },
});
