/** Apple Wallet and Google Wallet passes of a card, and Apple's web service that keeps passes up to date. */
import { defineModule } from '../../platform/modules.js';
import { walletRoutes } from './routes.js';
import { createWalletService, type WalletService } from './service.js';

/** Apple's PassKit web service, outside /api (app.ts registers it among the pages). */
export { registerWalletWebService } from './web-service.js';

declare module '../../platform/modules.js' {
  interface Services {
    wallet: WalletService;
  }
}

export const walletModule = defineModule({
  name: 'wallet',
  async build({ db, config, appSecret, events, log, registries, services: { publicProfiles, cloud } }) {
    const wallet = createWalletService({
      db,
      config,
      appSecret,
      requireAccess: registries.access.requireAccess,
      publicProfiles,
      images: cloud,
      log,
    });
    // What the pass shows changed: devices holding it fetch the new one when they next ask (or are pushed).
    await events.subscribe('profile.updated', 'wallet-pass', async ({ target }) => {
      if (target?.type === 'profile') await wallet.cardChanged(target.id);
    });
    await events.subscribe('alias.changed', 'wallet-pass', async ({ userId }) => {
      if (userId) await wallet.ownerChanged(userId);
    });
    return { services: { wallet }, onClose: () => wallet.close() };
  },
  async register(api, { limiter, services: { wallet } }) {
    await api.register(walletRoutes, { wallet, limiter });
  },
});
