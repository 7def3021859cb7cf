import { describeAdminOnlyRoutes, SOME_ID } from '../helpers/admin-only.js';

describeAdminOnlyRoutes('invoices', [
  'GET /api/admin/invoices',
  'GET /api/admin/invoices.csv',
  'POST /api/admin/invoices/verify-chain',
  'GET /api/admin/invoices/events',
  `POST /api/admin/invoices/${SOME_ID}/credit-notes`,
]);

// The country as the documented path names it: the guard answers before the path is read.
describeAdminOnlyRoutes('the EU VAT rates', ['GET /api/admin/eu-vat-rates', 'PUT /api/admin/eu-vat-rates/{country}']);
