import { defineModule } from '../../platform/modules.js';
import { accountRoutes } from './routes.js';
import { createAccountDirectory, type AccountDirectory } from './directory.js';
import { createAccountRepository } from './repository.js';
import { createAccountService, type AccountService } from './service.js';
import { createAccountUserData } from './user-data.js';
import { viesRegistry } from './vat-registry.js';

declare module '../../platform/modules.js' {
  interface Services {
    account: AccountService;
    /** What other modules ask about an account (alias, main card, name, a password check). */
    accounts: AccountDirectory;
  }
}

export const accountModule = defineModule({
  name: 'account',
  build({ db, config, log, mailer, limiter, events, services: { registration, auth } }) {
    const accounts = createAccountDirectory(db);
    const vat = { registry: config.vies ? viesRegistry(config.vies.url) : null, sellerCountry: config.seller.country, log };
    const account = createAccountService({ vat, repo: createAccountRepository(db), accounts, events, mailer, registration, auth, limiter });
    return { services: { account, accounts }, userData: [createAccountUserData(db)] };
  },
  async register(api, { services: { account } }) {
    await api.register(accountRoutes, { account });
  },
});
