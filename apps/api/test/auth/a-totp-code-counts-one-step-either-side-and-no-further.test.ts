import { authenticator } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

const STEP_MS = 30_000;
/** Two steps away (refused) and one step away or current (accepted), in the order they can be used (a step is used once). */
const REFUSED = [-2, 2];
const ACCEPTED = [-1, 0, 1];

// An independent TOTP implementation (otplib) makes the codes of a step relative to `at`.
const codeAt = (secret: string, at: number, steps: number) => authenticator.clone({ epoch: at + steps * STEP_MS }).generate(secret);

let t: TestContext;
/**
 * The product's clock is frozen in the middle of a step for each test, so "one step away" cannot slip
 * into "two" while a test runs (Date only; timers stay real).
 */
let at: number;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

function freezeMidStep(): void {
  at = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  vi.useFakeTimers({ toFake: ['Date'], now: at });
}

let address = 0;
const nextAddress = () => `10.78.${Math.floor(++address / 250)}.${address % 250}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: nextAddress() });

/** A user whose setup is started (not confirmed): the secret from the setup answer. */
async function setUp() {
  const user = await insertUser(t.db);
  const auth = bearer(await login(t.app, user));
  const setup = await post('/api/two-factor/setup', {}, auth);
  expect(setup.statusCode).toBe(200);
  return { user, auth, secret: setup.json().data.secret as string };
}

/** A user with two-factor on, confirmed with a code of several steps before `at` (so every step around `at` is unused). */
async function enrolled() {
  const who = await setUp();
  vi.setSystemTime(at - 5 * STEP_MS);
  expect((await post('/api/two-factor/confirm', { code: codeAt(who.secret, at, -5) }, who.auth)).statusCode).toBe(200);
  vi.setSystemTime(at);
  return who;
}

/** The password step: the challenge for the code. */
async function challengeOf(user: { email: string; password: string }): Promise<string> {
  const res = await post('/api/login', { email: user.email, password: user.password });
  expect(res.json().data.secondFactor).toBe('totp');
  return res.json().data.challenge as string;
}

describe('a TOTP code is good one step either side of now, and no further', () => {
  it('at the sign-in’s second step', async () => {
    freezeMidStep();
    const { user, secret } = await enrolled();
    const challenge = await challengeOf(user);
    for (const steps of REFUSED) {
      const res = await post('/api/login/second-factor', { challenge, code: codeAt(secret, at, steps) });
      expect({ steps, status: res.statusCode, code: res.json().code }).toEqual({ steps, status: 401, code: 'auth.second_factor_invalid' });
    }
    for (const steps of ACCEPTED) {
      const res = await post('/api/login/second-factor', { challenge: await challengeOf(user), code: codeAt(secret, at, steps) });
      expect({ steps, status: res.statusCode }).toEqual({ steps, status: 200 });
    }
  });

  it('confirming the setup', async () => {
    freezeMidStep();
    for (const steps of ACCEPTED) {
      const { auth, secret } = await setUp();
      for (const far of REFUSED) {
        const res = await post('/api/two-factor/confirm', { code: codeAt(secret, at, far) }, auth);
        expect({ far, status: res.statusCode, code: res.json().code }).toEqual({ far, status: 422, code: 'two_factor.code_invalid' });
      }
      const res = await post('/api/two-factor/confirm', { code: codeAt(secret, at, steps) }, auth);
      expect({ steps, status: res.statusCode }).toEqual({ steps, status: 200 });
    }
  });

  it('making new recovery codes', async () => {
    freezeMidStep();
    const { auth, secret } = await enrolled();
    for (const steps of REFUSED) {
      const res = await post('/api/two-factor/recovery-codes', { code: codeAt(secret, at, steps) }, auth);
      expect({ steps, status: res.statusCode, code: res.json().code }).toEqual({ steps, status: 422, code: 'two_factor.code_invalid' });
    }
    for (const steps of ACCEPTED) {
      const res = await post('/api/two-factor/recovery-codes', { code: codeAt(secret, at, steps) }, auth);
      expect({ steps, status: res.statusCode }).toEqual({ steps, status: 200 });
    }
  });

  it('turning two-factor off', async () => {
    freezeMidStep();
    for (const steps of ACCEPTED) {
      const { auth, secret } = await enrolled();
      for (const far of REFUSED) {
        const res = await post('/api/two-factor/disable', { code: codeAt(secret, at, far) }, auth);
        expect({ far, status: res.statusCode, code: res.json().code }).toEqual({ far, status: 422, code: 'two_factor.code_invalid' });
      }
      const res = await post('/api/two-factor/disable', { code: codeAt(secret, at, steps) }, auth);
      expect({ steps, status: res.statusCode }).toEqual({ steps, status: 200 });
      expect((await t.app.inject({ url: '/api/two-factor', headers: auth })).json().data.enabled).toBe(false);
    }
  });
});
