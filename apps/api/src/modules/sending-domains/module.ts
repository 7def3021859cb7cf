import { defineModule } from '../../platform/modules.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { defineJob } from '../../platform/job-list.js';
import { createDnsReader } from '../../lib/dns.js';
import { sendingDomainRoutes } from './routes.js';
import { sendingDomains } from './schema.js';
import { createSendingDomains, domainKeyBox, type SendingDomainsService } from './service.js';
import { createSendingDomainsUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    sendingDomains: SendingDomainsService;
  }
}

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    'sending-domains.recheck': Record<string, never>;
  }
}

/** Owners' own sending domains (docs/sending.md, "Your own sending domain"): keys, DNS checks, the daily re-check. */
export const sendingDomainsModule = defineModule({
  name: 'sending-domains',
  async build({ db, jobs, config, log, registries, appSecret }) {
    const domains = createSendingDomains({
      db,
      requireAccess: registries.access.requireAccess,
      secrets: domainKeyBox(appSecret),
      txt: createDnsReader(config.dnsServers).txt,
      spfInclude: config.sendingDomains.spfInclude,
    });
    await defineJob(jobs, 'sending-domains.recheck', async () => {
      const result = await domains.recheckDue();
      if (result.failed > 0) log.warn(result, 'sending domains whose records went away');
    });
    return {
      services: { sendingDomains: domains },
      access: [ownedRowsAccess('sending_domain', db, sendingDomains)],
      userData: [createSendingDomainsUserData(db)],
    };
  },
  async register(api, { services: { sendingDomains: domains } }) {
    await api.register(sendingDomainRoutes, { domains });
  },
});
