import { randomUUID } from 'node:crypto';
import { recordSubmissionListAnswerSchema } from '@enlaza/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoiceRecordSubmissions, invoiceRecords } from '../../src/db/schema/index.js';
import { parseSubmissionAnswer } from '../../src/modules/invoices/verifactu/answer.js';
import { startAeatStandIn, type AeatStandIn } from '../helpers/aeat-stand-in.js';
import { xsdErrors } from '../helpers/aeat-xml.js';
import { chargeProLine, customerWithCard } from '../helpers/invoice-customers.js';
import { ADMIN, bearer, createTestApp, login, waitFor, type TestContext } from '../helpers/test-app.js';

// Requests to a local server, retries and the AEAT's waiting time: a few seconds per case.
vi.setConfig({ testTimeout: 120_000 });

describe('VERI*FACTU mode: records sent to the AEAT (a local stand-in)', () => {
  let t: TestContext;
  let aeat: AeatStandIn;
  let adminToken: string;
  beforeAll(async () => {
    aeat = await startAeatStandIn();
    t = await createTestApp({ VERIFACTU_MODE: 'verifactu', VERIFACTU_ENDPOINT: aeat.url, VERIFACTU_BATCH_SIZE: '5' });
    adminToken = await login(t.app, ADMIN);
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await aeat.close();
  });

  /** A checkout: the one charge path, which issues the invoice (and writes its record) in the payment's transaction. */
  async function issue(count: number): Promise<string[]> {
    const c = await customerWithCard(t);
    const numbers: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const paid = await chargeProLine(t.app.payments, c);
      const [record] = await t.db.select().from(invoiceRecords).where(eq(invoiceRecords.invoiceId, paid.invoiceId!));
      numbers.push(record!.number);
    }
    return numbers;
  }

  const submissions = () =>
    t.db
      .select({ number: invoiceRecords.number, position: invoiceRecords.position, s: invoiceRecordSubmissions })
      .from(invoiceRecordSubmissions)
      .innerJoin(invoiceRecords, eq(invoiceRecords.id, invoiceRecordSubmissions.recordId))
      .orderBy(asc(invoiceRecords.position));
  const settled = (numbers: string[], timeoutMs = 30_000) =>
    waitFor(
      async () => {
        const rows = (await submissions()).filter((r) => numbers.includes(r.number));
        return rows.length === numbers.length && rows.every((r) => r.s.state !== 'pending') ? rows : undefined;
      },
      `the AEAT's answers for ${numbers.join(', ')}`,
      timeoutMs,
    ).catch(async (error: Error) => {
      // What the queue and the stand-in saw, to tell a failing run from one never started.
      const { rows: runs } = await t.db.execute(
        sql`select state, retry_count, output from pgboss.job where name = 'invoices.submit-records' order by created_on`,
      );
      error.message += `\nruns: ${JSON.stringify(runs).slice(0, 2000)}\nrequests: ${JSON.stringify(aeat.requests)}\nschema: ${aeat.schemaErrors.join('\n').slice(0, 2000)}`;
      throw error;
    });
  /** pg-boss keeps a failed run for its retry's time (10 s, doubling): the time comes now. */
  const retryNow = () =>
    t.db.execute(sql`update pgboss.job set start_after = now() where name = 'invoices.submit-records' and state = 'retry'`);

  it('sends every record once, in chain order, and stores accepted with the CSV', async () => {
    const numbers = await issue(12);
    const rows = await settled(numbers);
    expect(rows.map((r) => r.s.state)).toEqual(numbers.map(() => 'accepted'));
    expect(rows.every((r) => /^A-[0-9A-F]{14}$/.test(r.s.csv ?? '') && r.s.answeredAt && r.s.errorCode === null)).toBe(true);
    // In chain order: what the stand-in received is the chain, each record linked to the one before it.
    expect(aeat.received.map((r) => r.number)).toEqual(numbers);
    expect(aeat.chainBreaks).toEqual([]);
    expect(aeat.schemaErrors).toEqual([]);
    expect(aeat.requests.every((r) => r.numbers.length <= 5)).toBe(true);
    expect([...aeat.registered().values()].every((n) => n === 1)).toBe(true);
    expect(aeat.duplicates.size).toBe(0);
  });

  it('answers as RespuestaSuministro.xsd says, and the app reads it', async () => {
    expect(aeat.answers.length).toBeGreaterThan(0);
    for (const answer of aeat.answers)
      expect(await xsdErrors(`<?xml version="1.0" encoding="UTF-8"?>${answer}`, 'RespuestaSuministro.xsd')).toBe('');
    const read = parseSubmissionAnswer(aeat.answers[0]!);
    expect(read.sendState).toBe('Correcto');
    expect(read.lines.every((l) => l.state === 'Correcto')).toBe(true);
  });

  it('lists a rejected record with the AEAT’s code to admins, and goes on with the next records', async () => {
    const c = await customerWithCard(t);
    const issueOne = async () => {
      const paid = await chargeProLine(t.app.payments, c);
      const [record] = await t.db.select().from(invoiceRecords).where(eq(invoiceRecords.invoiceId, paid.invoiceId!));
      return record!.number;
    };
    // The stand-in refuses the record numbered like the next invoice (numbers are gapless).
    const last = (await submissions()).at(-1)!.number;
    const [series, seq] = last.split('-');
    const refused = `${series}-${String(Number(seq) + 1).padStart(seq!.length, '0')}`;
    aeat.behave({ kind: 'reject', number: refused, code: '1104', description: 'Valor del campo NumSerieFactura incorrecto.' });
    const a = await issueOne();
    const b = await issueOne();
    expect(a).toBe(refused);
    const rows = await settled([a, b]);
    aeat.behave({ kind: 'accept' });
    expect(rows.map((r) => [r.number, r.s.state, r.s.errorCode])).toEqual([
      [a, 'rejected', '1104'],
      [b, 'accepted', null],
    ]);
    const listed = await t.app.inject({ url: '/api/admin/invoices/submissions?state=rejected', headers: bearer(adminToken) });
    expect(listed.statusCode).toBe(200);
    const data = recordSubmissionListAnswerSchema.parse(listed.json()).data;
    expect(data.map((d) => [d.number, d.state, d.errorCode, d.errorDescription])).toEqual([
      [a, 'rejected', '1104', 'Valor del campo NumSerieFactura incorrecto.'],
    ]);
    const customer = await customerWithCard(t, { email: `c-${randomUUID()}@example.com` });
    const asCustomer = await t.app.inject({
      url: '/api/admin/invoices/submissions',
      headers: bearer(await login(t.app, { email: customer.user.email, password: 'some-password-123' })),
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('keeps records while the AEAT is down, answers 503 or drops the connection, and sends each once when it is back', async () => {
    const before = aeat.received.length;
    await aeat.down();
    const whileDown = await issue(3);
    await waitFor(async () => ((await t.app.platform.jobs.pending('invoices.submit-records')) > 0 ? true : undefined), 'a run to fail');
    await waitFor(
      async () =>
        (await t.db.execute(sql`select 1 from pgboss.job where name = 'invoices.submit-records' and state = 'retry'`)).rows.length
          ? true
          : undefined,
      'a run waiting for its retry',
    );
    await aeat.up();
    aeat.behave({ kind: 'status', status: 503 });
    await retryNow();
    await waitFor(async () => (aeat.requests.some((r) => r.status === 503) ? true : undefined), 'a 503');
    aeat.behave({ kind: 'close' });
    await waitFor(async () => (await retryNow(), aeat.requests.some((r) => r.status === 0) ? true : undefined), 'a dropped connection');
    aeat.behave({ kind: 'accept' });
    const rows = await waitFor(
      async () => (await retryNow(), await settled(whileDown, 1_000).catch(() => undefined)),
      'the records sent after the outage',
      60_000,
    );
    expect(rows.map((r) => r.s.state)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(aeat.received.slice(before).map((r) => r.number)).toEqual(whileDown);
    expect(aeat.duplicates.size).toBe(0);
    expect(aeat.chainBreaks).toEqual([]);
    expect(rows.every((r) => r.s.attempts >= 2)).toBe(true);
  });

  it('keeps the waiting time the AEAT asks for between requests', async () => {
    aeat.setWaitSeconds(2);
    const first = await issue(1);
    await settled(first);
    const from = aeat.requests.length;
    const later = await issue(2);
    await settled(later, 20_000);
    aeat.setWaitSeconds(0);
    const times = aeat.requests
      .slice(from - 1)
      .filter((r) => r.status === 200)
      .map((r) => r.at);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1_900);
  });
});
