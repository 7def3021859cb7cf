import { describeAdminOnlyRoutes, SOME_ID } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('invoices', [
  'GET /api/admin/invoices',
  'GET /api/admin/invoices.csv',
  'POST /api/admin/invoices/verify-chain',
  'GET /api/admin/invoices/events',
  `POST /api/admin/invoices/${SOME_ID}/credit-notes`,
]);
