/** The sending domains' public surface: campaigns ask for the owner's own sender; app.ts hands the key reader to the mailer. */
export type { SendingDomainsService, OwnSender } from './service.js';
export { createDomainKeyReader } from './service.js';
