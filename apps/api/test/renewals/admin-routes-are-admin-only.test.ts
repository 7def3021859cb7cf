import { describeAdminOnlyRoutes } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('the test clock', ['GET /api/admin/test-clock', 'POST /api/admin/test-clock/advance']);
