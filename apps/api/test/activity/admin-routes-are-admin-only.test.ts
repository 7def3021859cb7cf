import { describeAdminOnlyRoutes } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('the activity log', ['GET /api/admin/historial']);
