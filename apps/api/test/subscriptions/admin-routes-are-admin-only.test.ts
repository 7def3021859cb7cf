import { describeAdminOnlyRoutes, SOME_ID } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('subscriptions', [
  'GET /api/admin/subscriptions',
  `GET /api/admin/subscriptions/${SOME_ID}`,
  `POST /api/admin/subscriptions/${SOME_ID}/cancel`,
  `POST /api/admin/subscriptions/${SOME_ID}/extend`,
]);
