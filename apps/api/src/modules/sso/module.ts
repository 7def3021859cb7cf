/** A team's single sign-on (docs/teams.md, "Single sign-on"; decision 0039): OIDC or SAML, proven domains, enforcement, just-in-time members. */
import { createDnsReader } from '../../lib/dns.js';
import { secretBox } from '../../lib/secret-box.js';
import { defineModule } from '../../platform/modules.js';
import { createSsoFlow, type SsoFlow } from './flow.js';
import { createOidc } from './oidc.js';
import { createSsoPeople } from './people.js';
import { createSsoRequests } from './requests.js';
import { createSsoAccess, createSsoRule } from './rule.js';
import { ssoSettingsRoutes, ssoSignInRoutes } from './routes.js';
import { createSaml } from './saml.js';
import { createSsoSettings, type SsoSettingsService } from './settings.js';

declare module '../../platform/modules.js' {
  interface Services {
    sso: { settings: SsoSettingsService; flow: SsoFlow };
  }
}

export const ssoModule = defineModule({
  name: 'sso',
  // The auth module (built first) asks whether an address must sign in through its team's provider.
  provides: ['ssoRule'],
  build({ db, config, appSecret, fetch, limiter, registries, services: { teams, accounts, registration, auth } }) {
    const box = secretBox(appSecret, 'sso-client-secret');
    const oidc = createOidc(fetch);
    const saml = createSaml();
    const requireAccess = registries.access.requireAccess;
    const settings = createSsoSettings({
      db,
      teams,
      requireAccess,
      dns: createDnsReader(config.dnsServers),
      box,
      oidc,
      publicUrl: config.publicUrl,
    });
    const requests = createSsoRequests({ db, box, oidc, saml, publicUrl: config.publicUrl });
    const people = createSsoPeople({ db, teams, accounts, registration });
    const flow = createSsoFlow({ db, oidc, saml, publicUrl: config.publicUrl, requireAccess, requests, people, teams, auth, limiter });
    return {
      services: { sso: { settings, flow } },
      hooks: { ssoRule: createSsoRule(db, teams, accounts) },
      access: createSsoAccess(db, teams),
    };
  },
  async register(api, { services: { sso } }) {
    await api.register(ssoSettingsRoutes, sso);
    await api.register(ssoSignInRoutes, { flow: sso.flow });
  },
});
