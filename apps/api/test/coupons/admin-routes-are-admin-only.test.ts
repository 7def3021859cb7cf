import { describeAdminOnlyRoutes, SOME_ID } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('coupons', [
  'GET /api/admin/coupons',
  'POST /api/admin/coupons',
  `GET /api/admin/coupons/${SOME_ID}`,
  `POST /api/admin/coupons/${SOME_ID}/archive`,
  `POST /api/admin/coupons/${SOME_ID}/promotion-codes`,
  `POST /api/admin/promotion-codes/${SOME_ID}/archive`,
]);
