import { describeAdminOnlyRoutes, SOME_ID } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('user and admin management', [
  'GET /api/admin/users',
  `GET /api/admin/users/${SOME_ID}`,
  `POST /api/admin/users/${SOME_ID}/suspend`,
  `POST /api/admin/users/${SOME_ID}/reactivate`,
  `POST /api/admin/users/${SOME_ID}/verify`,
  `POST /api/admin/users/${SOME_ID}/send-reset`,
  'GET /api/admin/admins',
  'POST /api/admin/admins',
  `POST /api/admin/admins/${SOME_ID}/disable`,
  `POST /api/admin/admins/${SOME_ID}/enable`,
]);
