import { describeAdminOnlyRoutes, SOME_ID, type AdminRoute } from '../helpers/admin-only.js';

// Every kind of the catalogue has the same six routes.
const kinds = ['account-types', 'billing-periods', 'taxes', 'plans', 'offers', 'add-ons'];

describeAdminOnlyRoutes(
  'the catalogue',
  kinds.flatMap((kind): AdminRoute[] => [
    `GET /api/admin/${kind}`,
    `POST /api/admin/${kind}`,
    `PUT /api/admin/${kind}/${SOME_ID}`,
    `DELETE /api/admin/${kind}/${SOME_ID}`,
    `POST /api/admin/${kind}/${SOME_ID}/deactivate`,
    `POST /api/admin/${kind}/${SOME_ID}/activate`,
  ]),
);
