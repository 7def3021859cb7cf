import { describeAdminOnlyRoutes } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('the failed jobs view', ['GET /api/admin/jobs/failed']);
