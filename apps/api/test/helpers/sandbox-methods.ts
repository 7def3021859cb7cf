import { SANDBOX_TEST_METHODS, type PaymentMethod, type SandboxTestMethod } from '@enlaza/contracts';
import { expect } from 'vitest';
import type { SandboxProvider } from '../../src/modules/payments/provider.js';
import { bearer, type TestContext } from './test-app.js';

export type TestMethodId = SandboxTestMethod['id'];

/** The sandbox's test methods by what they do (SANDBOX_TEST_METHODS): what tests save instead of card numbers. */
export const TEST_METHODS = {
  ok: 'sandbox_card_visa',
  authenticateAlways: 'sandbox_card_authenticate_always',
  authenticateOnce: 'sandbox_card_authenticate_once',
  declinedOnSave: 'sandbox_card_declined_on_save',
  chargeDeclined: 'sandbox_card_charge_declined',
  insufficientFunds: 'sandbox_card_insufficient_funds',
  sepaSettles: 'sandbox_sepa_settles',
  sepaFails: 'sandbox_sepa_fails',
} as const satisfies Record<string, TestMethodId>;

const kindOf = (testMethod: TestMethodId) => SANDBOX_TEST_METHODS.find((m) => m.id === testMethod)!.kind;

/** An API answer, parsed loosely (the tests check the fields they need). */
type Answer = {
  ok?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
  details?: Record<string, string>;
};

async function post(t: TestContext, token: string, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'accept-language': 'en' }, payload });
  return { status: res.statusCode, body: res.json<Answer>() };
}

/**
 * Saves a sandbox test method through the API as the browser does: a setup (`/api/user/methods/setup`),
 * the sandbox's component completing it with the test method (never a number), then
 * `/api/user/methods` with the setup's id (a SEPA account with its mandate accepted unless said).
 * Answers the last call's status and body (a method refused on save is a 422).
 */
export async function saveTestMethodAs(
  t: TestContext,
  token: string,
  testMethod: TestMethodId = TEST_METHODS.ok,
  options: { makeDefault?: boolean; holder?: string; mandateAccepted?: boolean } = {},
) {
  const kind = kindOf(testMethod);
  const setup = await post(t, token, '/api/user/methods/setup', { kind });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const setupId = setup.body.data.setupId as string;
  const confirmed = await post(t, token, `/api/payments/sandbox/setups/${setupId}/confirm`, {
    testMethod,
    holder: options.holder ?? 'Ada Lovelace',
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return post(t, token, '/api/user/methods', {
    setupId,
    ...(kind === 'sepa_debit' ? { mandateAccepted: options.mandateAccepted ?? true } : {}),
    ...(options.makeDefault === undefined ? {} : { makeDefault: options.makeDefault }),
  });
}

/** `saveTestMethodAs` that must succeed: the saved method. */
export async function saveTestMethod(
  t: TestContext,
  token: string,
  testMethod: TestMethodId = TEST_METHODS.ok,
  options: { makeDefault?: boolean; holder?: string } = {},
): Promise<PaymentMethod> {
  const saved = await saveTestMethodAs(t, token, testMethod, options);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data as PaymentMethod;
}

/** The same flow through the payments service, for fixtures without a signed-in session. */
export async function saveTestMethodFor(
  t: TestContext,
  user: { id: string; name?: string },
  testMethod: TestMethodId = TEST_METHODS.ok,
  locale: 'en' | 'es' | 'jp' = 'en',
): Promise<PaymentMethod> {
  const actor = { id: user.id, role: 'user' as const, locale };
  const setup = await t.app.payments.startSetup(actor, kindOf(testMethod));
  await (t.app.payments.provider as SandboxProvider).confirmSetup(user.id, setup.setupId, { testMethod, holder: user.name ?? 'Fixture' });
  return t.app.payments.saveMethod(
    actor,
    { setupId: setup.setupId, ...(kindOf(testMethod) === 'sepa_debit' ? { mandateAccepted: true } : {}) },
    { ip: '127.0.0.1', userAgent: 'vitest' },
  );
}
