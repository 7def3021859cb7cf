/** Custom domains' public surface: app.ts serves verified hosts (hosts.ts) with the public pages. */
export type { CustomDomainsService, HostTarget } from './service.js';
export { registerCustomDomainHosts } from './hosts.js';
