import { describeAdminOnlyRoutes } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('the admin dashboard’s figures', ['GET /api/admin/dashboard/metrics']);
