import { describeAdminOnlyRoutes, SOME_ID } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('the failed jobs view', [
  'GET /api/admin/jobs/failed',
  `POST /api/admin/jobs/failed/${SOME_ID}/retry`,
  `DELETE /api/admin/jobs/failed/${SOME_ID}`,
]);
