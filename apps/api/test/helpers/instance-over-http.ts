import { SANDBOX_TEST_METHODS } from '@enlaza/contracts';
import { expect } from 'vitest';
import { multipart } from './files.js';

/**
 * A running instance (a server process) used as a person would, over HTTP only: what the backup,
 * restore and upgrade tests put in before and read back after. Nothing here opens a database.
 */
export type Person = { email: string; password: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any };

export async function call(url: string, token: string, method: string, path: string, payload?: unknown): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en',
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return { status: res.status, body: await res.json() };
}

/** Signs in with a password: the session's bearer token. */
export async function signIn(url: string, person: Person): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data!.token!;
}

/** Saves the sandbox's visa test card and buys the Pro plan, monthly, with it: the invoice's number. */
export async function buyPro(url: string, token: string): Promise<string> {
  const testMethod = SANDBOX_TEST_METHODS.find((m) => m.id === 'sandbox_card_visa')!;
  const setup = await call(url, token, 'POST', '/api/user/methods/setup', { kind: testMethod.kind });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const setupId = setup.body.data.setupId as string;
  const confirmed = await call(url, token, 'POST', `/api/payments/sandbox/setups/${setupId}/confirm`, {
    testMethod: testMethod.id,
    holder: 'Ada Lovelace',
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const saved = await call(url, token, 'POST', '/api/user/methods', { setupId });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const catalogue = await call(url, token, 'GET', '/api/user/plans');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const offer = catalogue.body.data.plans.find((p: any) => p.code === 'pro').offers.find((o: any) => o.period.code === 'monthly');
  const paid = await call(url, token, 'POST', '/api/user/checkout', {
    offerId: offer.id,
    methodId: saved.body.data.id,
    idempotencyKey: `backup-${Date.now()}`,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.data.payment.invoiceNumber as string;
}

/** Uploads one file to the person's cloud: its id. */
export async function upload(url: string, token: string, name: string, data: Buffer, type: string): Promise<string> {
  const { payload, headers } = multipart([{ name, data, type }]);
  const res = await fetch(`${url}/api/files`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: payload });
  const body = (await res.json()) as { data: { id: string }[] };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data[0]!.id;
}

/** The bytes of one of the person's files: its signed address asked for, then fetched. */
export async function download(url: string, token: string, id: string): Promise<Buffer> {
  const file = await call(url, token, 'GET', `/api/files/${id}`);
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  const res = await fetch(new URL(file.body.data.url as string, url));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The admin's check of the whole invoice record chain. */
export async function verifyChain(url: string, admin: Person): Promise<{ ok: boolean; checked: number; firstBroken: unknown }> {
  const answer = await call(url, await signIn(url, admin), 'POST', '/api/admin/invoices/verify-chain');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
