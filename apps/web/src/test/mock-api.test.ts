import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractProblem, json, mockApi } from './mock-api';

const alias = { ok: 1, data: { alias: 'ana', valid: true, available: false, suggestion: 'ana-2' } };
const chain = { ok: 1, data: { ok: true, checked: 1, signaturesChecked: 0, firstBroken: null } };

describe('mocked API answers are checked against packages/contracts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('accepts an answer that matches the route’s schema, whatever the query string and path parameters', () => {
    expect(contractProblem('GET', '/api/register/alias?alias=ana&name=Ana', 200, alias)).toBe(null);
    expect(contractProblem('POST', '/api/admin/invoices/verify-chain', 200, chain)).toBe(null);
    expect(
      contractProblem('PUT', '/api/admin/account-types/6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e11', 422, {
        ok: 0,
        code: 'validation.failed',
        message: 'Check the fields',
        errors: { code: ['Too long'] },
      }),
    ).toBe(null);
  });

  it('names a success that drifts from the contract, a failure without the error body, and a route it does not know', () => {
    const { available: _dropped, ...withoutAvailable } = alias.data;
    expect(contractProblem('GET', '/api/register/alias', 200, { ok: 1, data: withoutAvailable })).toMatch(
      /^GET \/api\/register\/alias \(200\) does not match the contract:[\s\S]*available/,
    );
    expect(contractProblem('POST', '/api/admin/invoices/verify-chain', 200, { ok: 1, data: { ...chain.data, checked: '1' } })).not.toBe(
      null,
    );
    expect(contractProblem('POST', '/api/admin/invoices/x/credit-notes', 502, { error: 'refund failed' })).toMatch(
      /\(502\) does not match/,
    );
    expect(contractProblem('GET', '/api/nowhere', 200, { ok: 1 })).toMatch(/no contract schema for this route/);
    // The method counts: the chain is verified with POST only.
    expect(contractProblem('GET', '/api/admin/invoices/verify-chain', 200, chain)).toMatch(/no contract schema/);
  });

  it('records the calls and hands the answer over unchanged', async () => {
    const { calls } = mockApi(() => json(alias));
    const response = await fetch('/api/register/alias?alias=ana', { method: 'GET' });
    expect(await response.json()).toEqual(alias);
    expect(calls.map((c) => c.url)).toEqual(['/api/register/alias?alias=ana']);
  });

  // Expected to fail: a drifted mock fails the test that used it, when the test ends.
  it.fails('fails the test whose mock drifts from the contract', async () => {
    mockApi(() => json({ ok: 1, data: { ...alias.data, valid: 'yes' } }));
    await fetch('/api/register/alias?alias=ana');
  });
});
