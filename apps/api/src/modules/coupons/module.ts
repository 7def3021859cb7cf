import { defineModule } from '../../platform/modules.js';
import { createCouponsRepository } from './repository.js';
import { couponRoutes } from './routes.js';
import { createCouponsService, type CouponsService } from './service.js';
import { createCouponsUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    /** Coupons and promotion codes: the admin's, and the checkout's redemptions (payments charges with them). */
    coupons: CouponsService;
  }
}

export const couponsModule = defineModule({
  name: 'coupons',
  build: ({ db, clock }) => {
    const repo = createCouponsRepository(db);
    return {
      services: { coupons: createCouponsService(repo, () => clock.now()) },
      userData: [createCouponsUserData(repo)],
    };
  },
  async register(api, { services: { coupons } }) {
    await api.register(couponRoutes, { coupons });
  },
});
