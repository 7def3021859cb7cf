import { onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import {
  addOnQuoteSchema,
  couponAdminSchema,
  couponDetailSchema,
  promotionCodeAdminSchema,
  accountTypeAdminSchema,
  accountTypeSchema,
  adminMetricsSchema,
  adminSubscriptionDetailSchema,
  adminSubscriptionListSchema,
  paymentDisputeSchema,
  adminUsersPageSchema,
  activeSessionSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  aliasCheckSchema,
  audienceSourcesSchema,
  automationEnrolmentSchema,
  automationSchema,
  campaignTemplateOptionSchema,
  campaignTestSendSchema,
  myTeamSchema,
  publicTeamInvitationSchema,
  teamCardSchema,
  teamFiguresSchema,
  teamImportResultSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
  teamTemplateSavedSchema,
  teamTemplateSchema,
  billingDetailsSchema,
  catalogueSchemas,
  chainVerificationAnswerSchema,
  recordSubmissionListAnswerSchema,
  cloudFileSchema,
  collectionSchema,
  emailSignatureSchema,
  errorResponseSchema,
  euVatRateSchema,
  fileListSchema,
  fileUsesResponseSchema,
  historyPageSchema,
  failedJobsResponseSchema,
  failedJobActionResponseSchema,
  invoiceAnswerSchema,
  invoiceEventListSchema,
  adminInvoiceListSchema,
  loginResponseSchema,
  myPlanSchema,
  checkoutQuoteSchema,
  campaignReviewSchema,
  checkoutResultSchema,
  okResponse,
  onboardingChecklistSchema,
  methodSetupSchema,
  paymentDetailSchema,
  paymentMethodSchema,
  paymentProviderInfoSchema,
  paymentSchema,
  personalInfoSchema,
  preferencesSchema,
  profileListSchema,
  profileSchema,
  registerResultSchema,
  signedOutSessionsSchema,
  passkeyCeremonySchema,
  reauthenticationMethodsSchema,
  reauthenticationSchema,
  passkeySchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  storageUsageSchema,
  subscriptionDataSchema,
  testClockAdvanceResultSchema,
  testClockSchema,
  trashFilesResponseSchema,
  userOptionsSchema,
  verifyResultSchema,
  wallPostListSchema,
  wallPostSchema,
  walletAvailabilitySchema,
  googleWalletLinkSchema,
  webhookDeliveryDetailSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@enlaza/contracts';

/**
 * What the API answers on success, by method and path (`:x` = one segment), as packages/contracts
 * declares it. A mocked route missing here fails the test: add it with its contract schema.
 */
const CONTRACT: [method: string, path: string, schema: z.ZodType][] = [
  ['GET', '/api/register/alias', okResponse(aliasCheckSchema)],
  ['GET', '/api/account-types', okResponse(z.array(accountTypeSchema))],
  ['POST', '/api/register', okResponse(registerResultSchema)],
  ['POST', '/api/register/verify', okResponse(verifyResultSchema)],
  ['POST', '/api/register/sign-in', loginResponseSchema],
  ['GET', '/api/onboarding', okResponse(onboardingChecklistSchema)],
  ['POST', '/api/onboarding/dismiss', okResponse(onboardingChecklistSchema)],
  ['GET', '/api/account/preferences', okResponse(preferencesSchema)],
  ['PUT', '/api/account/preferences', okResponse(preferencesSchema)],
  ['PUT', '/api/account/personal', okResponse(personalInfoSchema)],
  ['PUT', '/api/account/password', okResponse(z.object({}))],
  ['POST', '/api/account/email', okResponse(z.object({ pendingEmail: z.string() }))],
  ['PUT', '/api/options/alias', okResponse(userOptionsSchema)],
  ['POST', '/api/options/delete-account', okResponse(z.object({}))],
  ['GET', '/api/sessions', okResponse(z.array(activeSessionSchema))],
  ['DELETE', '/api/sessions/:id', okResponse(z.object({}))],
  ['POST', '/api/sessions/sign-out-others', okResponse(signedOutSessionsSchema)],
  ['GET', '/api/passkeys', okResponse(z.array(passkeySchema))],
  ['POST', '/api/passkeys/options', okResponse(passkeyCeremonySchema)],
  ['POST', '/api/passkeys', okResponse(passkeySchema)],
  ['PATCH', '/api/passkeys/:id', okResponse(passkeySchema)],
  ['DELETE', '/api/passkeys/:id', okResponse(z.object({}))],
  ['GET', '/api/tokens', okResponse(z.array(apiTokenSchema))],
  ['POST', '/api/tokens', okResponse(createdApiTokenSchema)],
  ['DELETE', '/api/tokens/:id', okResponse(z.object({}))],
  ['GET', '/api/two-factor', okResponse(twoFactorStatusSchema)],
  ['POST', '/api/two-factor/setup', okResponse(twoFactorSetupSchema)],
  ['POST', '/api/two-factor/confirm', okResponse(recoveryCodesSchema)],
  ['POST', '/api/two-factor/recovery-codes', okResponse(recoveryCodesSchema)],
  ['POST', '/api/two-factor/disable', okResponse(z.object({}))],
  ['GET', '/api/webhooks', okResponse(z.array(webhookEndpointSchema))],
  ['POST', '/api/webhooks', okResponse(webhookEndpointWithSecretSchema)],
  ['PATCH', '/api/webhooks/:id', okResponse(webhookEndpointSchema)],
  ['DELETE', '/api/webhooks/:id', okResponse(z.object({}))],
  ['POST', '/api/webhooks/:id/roll-secret', okResponse(webhookEndpointWithSecretSchema)],
  ['GET', '/api/webhooks/:id/deliveries', okResponse(z.array(webhookDeliverySchema))],
  ['GET', '/api/webhooks/:id/deliveries/:deliveryId', okResponse(webhookDeliveryDetailSchema)],
  ['POST', '/api/webhooks/:id/deliveries/:deliveryId/resend', okResponse(webhookDeliverySchema)],
  ['GET', '/api/user/reauthenticate', okResponse(reauthenticationMethodsSchema)],
  ['POST', '/api/user/reauthenticate', okResponse(reauthenticationSchema)],
  ['POST', '/api/user/reauthenticate/passkey-options', okResponse(passkeyCeremonySchema)],
  ['POST', '/api/password/forgot', okResponse(z.object({}))],
  ['POST', '/api/password/reset', okResponse(z.object({}))],
  ['POST', '/api/register/resend', okResponse(z.object({}))],
  ['POST', '/api/user/methods', okResponse(paymentMethodSchema)],
  ['POST', '/api/user/methods/setup', okResponse(methodSetupSchema)],
  ['POST', '/api/payments/sandbox/setups/:id/confirm', okResponse(z.object({}))],
  [
    'POST',
    '/api/payments/redsys/return',
    okResponse(
      z.object({
        kind: z.enum(['setup', 'payment']),
        ref: z.string(),
        status: z.enum(['pending', 'requires_action', 'succeeded', 'failed']),
      }),
    ),
  ],
  ['POST', '/api/payments/sandbox/payments/:ref/authenticate', okResponse(z.object({}))],
  ['GET', '/api/user/payments/:id', okResponse(paymentDetailSchema)],
  ['POST', '/api/user/payments/:id/authenticate', okResponse(paymentDetailSchema)],
  ['POST', '/api/user/payments/:id/confirm', okResponse(paymentDetailSchema)],
  ['POST', '/api/user/payments/:id/bizum', okResponse(paymentDetailSchema)],
  ['POST', '/api/user/paquetes', okResponse(checkoutResultSchema)],
  ['GET', '/api/user/pagos', okResponse(z.array(paymentSchema))],
  ['POST', '/api/user/checkout/quote', okResponse(checkoutQuoteSchema)],
  ['POST', '/api/user/paquetes/quote', okResponse(addOnQuoteSchema)],
  ['GET', '/api/admin/coupons', okResponse(z.array(couponAdminSchema))],
  ['POST', '/api/admin/coupons', okResponse(couponAdminSchema)],
  ['GET', '/api/admin/coupons/:id', okResponse(couponDetailSchema)],
  ['POST', '/api/admin/coupons/:id/archive', okResponse(couponAdminSchema)],
  ['POST', '/api/admin/coupons/:id/promotion-codes', okResponse(promotionCodeAdminSchema)],
  ['POST', '/api/admin/promotion-codes/:id/archive', okResponse(promotionCodeAdminSchema)],
  ['GET', '/api/campaigns/:id/review', okResponse(campaignReviewSchema)],
  ['GET', '/api/campaigns/templates', okResponse(z.array(campaignTemplateOptionSchema))],
  ['GET', '/api/audience/sources', okResponse(audienceSourcesSchema)],
  ['GET', '/api/automations', okResponse(z.array(automationSchema))],
  ['POST', '/api/automations', okResponse(automationSchema)],
  ['GET', '/api/automations/:id', okResponse(automationSchema)],
  ['PUT', '/api/automations/:id', okResponse(automationSchema)],
  ['DELETE', '/api/automations/:id', okResponse(z.object({ deleted: z.literal(true) }))],
  ['POST', '/api/automations/:id/activate', okResponse(automationSchema)],
  ['POST', '/api/automations/:id/pause', okResponse(automationSchema)],
  ['POST', '/api/automations/:id/steps', okResponse(automationSchema)],
  ['PUT', '/api/automations/:id/steps/:stepId', okResponse(automationSchema)],
  ['DELETE', '/api/automations/:id/steps/:stepId', okResponse(automationSchema)],
  ['POST', '/api/automations/:id/steps/:stepId/test', okResponse(campaignTestSendSchema)],
  [
    'GET',
    '/api/automations/:id/people',
    z.object({ ok: z.literal(1), data: z.array(automationEnrolmentSchema), meta: z.object({ nextCursor: z.string().nullable() }) }),
  ],
  ['POST', '/api/user/checkout', okResponse(checkoutResultSchema)],
  ['GET', '/api/user/methods', okResponse(z.array(paymentMethodSchema))],
  ['GET', '/api/user/payment-provider', okResponse(paymentProviderInfoSchema)],
  ['GET', '/api/user/myplan', okResponse(myPlanSchema)],
  ['GET', '/api/account/billing', okResponse(billingDetailsSchema)],
  ['PUT', '/api/account/billing', okResponse(billingDetailsSchema)],
  ['GET', '/api/datasuscription', subscriptionDataSchema],
  ['GET', '/api/profiles', profileListSchema],
  ['PUT', '/api/profiles/:id', okResponse(profileSchema)],
  ['GET', '/api/profiles/:id/signature', okResponse(emailSignatureSchema)],
  ['GET', '/api/files', fileListSchema],
  ['GET', '/api/files/usage', okResponse(storageUsageSchema)],
  ['GET', '/api/files/uses', fileUsesResponseSchema],
  ['POST', '/api/files/trash', trashFilesResponseSchema],
  ['PATCH', '/api/files/:id', okResponse(cloudFileSchema)],
  ['POST', '/api/trash/:kind/:id/restore', okResponse(z.object({ kind: z.string(), id: z.string() }))],
  ['GET', '/api/folders', okResponse(z.array(collectionSchema))],
  ['GET', '/api/labels', okResponse(z.array(collectionSchema))],
  ['POST', '/api/folders', okResponse(collectionSchema)],
  ['POST', '/api/walls/posts/:id/publish', okResponse(wallPostSchema)],
  ['POST', '/api/walls/posts', okResponse(wallPostSchema)],
  ['GET', '/api/walls/posts', wallPostListSchema],
  ['GET', '/api/wallet/availability', okResponse(walletAvailabilitySchema)],
  ['GET', '/api/wallet/cards/:id/google', okResponse(googleWalletLinkSchema)],
  ['GET', '/api/admin/dashboard/metrics', okResponse(adminMetricsSchema)],
  ['GET', '/api/admin/users', adminUsersPageSchema],
  ['GET', '/api/admin/historial', historyPageSchema],
  ['GET', '/api/admin/jobs/failed', failedJobsResponseSchema],
  ['POST', '/api/admin/jobs/failed/:id/retry', failedJobActionResponseSchema],
  ['DELETE', '/api/admin/jobs/failed/:id', failedJobActionResponseSchema],
  ['GET', '/api/admin/account-types', okResponse(z.array(accountTypeAdminSchema))],
  ['POST', '/api/admin/account-types', okResponse(accountTypeAdminSchema)],
  ['PUT', '/api/admin/account-types/:id', okResponse(accountTypeAdminSchema)],
  ['GET', '/api/admin/eu-vat-rates', okResponse(z.array(euVatRateSchema))],
  ['PUT', '/api/admin/eu-vat-rates/:country', okResponse(euVatRateSchema)],
  ['GET', '/api/admin/plans', okResponse(z.array(catalogueSchemas.plans.admin))],
  ['POST', '/api/admin/plans', okResponse(catalogueSchemas.plans.admin)],
  ['POST', '/api/admin/offers', okResponse(catalogueSchemas.offers.admin)],
  ['GET', '/api/admin/offers', okResponse(z.array(catalogueSchemas.offers.admin))],
  ['GET', '/api/admin/add-ons', okResponse(z.array(catalogueSchemas['add-ons'].admin))],
  ['GET', '/api/admin/billing-periods', okResponse(z.array(catalogueSchemas['billing-periods'].admin))],
  ['GET', '/api/admin/subscriptions', adminSubscriptionListSchema],
  ['GET', '/api/admin/subscriptions/:id', okResponse(adminSubscriptionDetailSchema)],
  ['POST', '/api/admin/subscriptions/:id/cancel', okResponse(adminSubscriptionDetailSchema)],
  ['POST', '/api/admin/subscriptions/:id/extend', okResponse(adminSubscriptionDetailSchema)],
  ['POST', '/api/admin/payments/:id/disputes', okResponse(paymentDisputeSchema.extend({ id: z.string() }))],
  ['POST', '/api/admin/disputes/:id/close', okResponse(paymentDisputeSchema.extend({ id: z.string() }))],
  ['GET', '/api/admin/test-clock', okResponse(testClockSchema)],
  ['POST', '/api/admin/test-clock/advance', okResponse(testClockAdvanceResultSchema)],
  ['GET', '/api/admin/invoices', adminInvoiceListSchema],
  ['POST', '/api/admin/invoices/verify-chain', chainVerificationAnswerSchema],
  ['GET', '/api/admin/invoices/events', invoiceEventListSchema],
  ['GET', '/api/admin/invoices/submissions', recordSubmissionListAnswerSchema],
  ['POST', '/api/admin/invoices/:id/credit-notes', invoiceAnswerSchema],
  ['GET', '/api/team', okResponse(myTeamSchema)],
  ['POST', '/api/team', okResponse(myTeamSchema)],
  ['PUT', '/api/team', okResponse(teamSchema)],
  ['DELETE', '/api/team', okResponse(z.object({}))],
  ['PUT', '/api/team/directory', okResponse(teamSchema)],
  ['GET', '/api/team/members', okResponse(z.array(teamMemberSchema))],
  ['PUT', '/api/team/members/:userId', okResponse(teamMemberSchema)],
  ['DELETE', '/api/team/members/:userId', okResponse(z.object({}))],
  ['GET', '/api/team/cards', okResponse(z.array(teamCardSchema))],
  ['POST', '/api/team/cards/:id/assign', okResponse(teamCardSchema)],
  ['GET', '/api/team/invitations', okResponse(z.array(teamInvitationSchema))],
  ['POST', '/api/team/invitations', okResponse(teamInvitationSchema)],
  ['POST', '/api/team/invitations/import', okResponse(teamImportResultSchema)],
  ['POST', '/api/team/invitations/:id/resend', okResponse(teamInvitationSchema)],
  ['DELETE', '/api/team/invitations/:id', okResponse(z.object({}))],
  ['GET', '/api/team/template', okResponse(teamTemplateSchema)],
  ['PUT', '/api/team/template', okResponse(teamTemplateSavedSchema)],
  ['GET', '/api/team/figures', okResponse(teamFiguresSchema)],
  ['GET', '/api/team-invitations/:token', okResponse(publicTeamInvitationSchema)],
  ['POST', '/api/team-invitations/:token/accept', okResponse(myTeamSchema)],
];

function contractOf(method: string, pathname: string): z.ZodType | undefined {
  const segments = pathname.split('/');
  return CONTRACT.find(([m, path]) => {
    if (m !== method) return false;
    const pattern = path.split('/');
    return pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') || part === segments[i]);
  })?.[2];
}

/**
 * What is wrong with a mocked answer, or `null`: a success must match the route's contract
 * schema, a failure the shared error body.
 */
export function contractProblem(method: string, url: string, status: number, body: unknown): string | null {
  const { pathname } = new URL(url, 'http://localhost');
  const schema = status >= 400 ? errorResponseSchema : contractOf(method, pathname);
  if (!schema) return `${method} ${pathname}: no contract schema for this route in src/test/mock-api.ts`;
  const parsed = schema.safeParse(body);
  return parsed.success ? null : `${method} ${pathname} (${status}) does not match the contract:\n${z.prettifyError(parsed.error)}`;
}

export type MockedCall = { url: string; init?: RequestInit };

/**
 * Stubs `fetch` with `answer`; every JSON answer it gives is checked against the contract (see
 * `contractProblem`), and a mock that drifts from it fails the test that used it.
 */
export function mockApi(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const calls: MockedCall[] = [];
  const problems: string[] = [];
  onTestFinished(() => {
    if (problems.length) throw new Error(`Mocked API answers that drift from packages/contracts:\n${problems.join('\n')}`);
  });
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    calls.push({ url: input, init });
    const response = await answer(input, init);
    const text = await response.clone().text();
    if (text) {
      const problem = contractProblem(init?.method ?? 'GET', input, response.status, JSON.parse(text));
      if (problem) problems.push(problem);
    }
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

/** A JSON answer for `mockApi`. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
