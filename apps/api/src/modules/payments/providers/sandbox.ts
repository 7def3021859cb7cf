import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SANDBOX_TEST_METHODS, type SandboxTestMethod } from '@enlaza/contracts';
import type { Database } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { paymentSandboxObjects } from '../schema.js';
import { addBusinessDays } from './business-days.js';
import { ProviderIdempotencyError } from './errors.js';
import type {
  ChargeInput,
  DeclineReason,
  MethodKind,
  PaymentOutcome,
  PaymentProvider,
  ProviderCustomer,
  SavedMethod,
  SetupOutcome,
} from './types.js';

/** A SEPA debit settles (or fails) this many business days after it was made, on the product's clock. */
export const SEPA_SETTLEMENT_BUSINESS_DAYS = 3;
/** The sandbox's test cards expire in December of this year. */
export const SANDBOX_CARD_EXPIRY_YEAR = 2045;

type SandboxRow = typeof paymentSandboxObjects.$inferSelect;
type MethodData = { testMethod: SandboxTestMethod['id']; holder: string; authenticated?: boolean; detached?: boolean };
type PaymentData = { methodRef: string; offSession: boolean; reason?: DeclineReason; outcome?: 'succeeded' | 'failed' };

/** What the sandbox's own pages add to the interface: its setup component and its 3-D Secure challenge. */
export type SandboxProvider = PaymentProvider & {
  readonly name: 'sandbox';
  /** The test-method picker completing a setup: only the customer who started it may (else 404). */
  confirmSetup(userId: string, setupId: string, input: { testMethod: SandboxTestMethod['id']; holder: string }): Promise<SetupOutcome>;
  /** The issuer's challenge for a payment waiting for authentication: only its customer's (else 404). */
  authenticate(userId: string, ref: string, result: 'pass' | 'fail'): Promise<PaymentOutcome>;
};

const newId = (prefix: string) => `sbx_${prefix}_${randomBytes(12).toString('hex')}`;
const testMethod = (id: unknown) => SANDBOX_TEST_METHODS.find((m) => m.id === id);

/** A SEPA debit whose day came settles or fails now (once: only a row still processing changes). */
async function settled(db: Database, now: () => Date, row: SandboxRow): Promise<SandboxRow> {
  if (row.status !== 'processing' || !row.settlesAt || row.settlesAt > now()) return row;
  const data = row.data as PaymentData;
  const status = data.outcome === 'failed' ? 'failed' : 'succeeded';
  const [updated] = await db
    .update(paymentSandboxObjects)
    .set({ status, data: { ...data, ...(status === 'failed' ? { reason: 'debit_failed' } : {}) }, updatedAt: new Date() })
    .where(and(eq(paymentSandboxObjects.id, row.id), eq(paymentSandboxObjects.status, 'processing')))
    .returning();
  return updated ?? (await db.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.id, row.id)))[0]!;
}

function outcomeOf(row: SandboxRow): PaymentOutcome {
  const data = row.data as PaymentData;
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', ref: row.id };
    case 'processing':
      return { status: 'processing', ref: row.id };
    case 'requires_action':
      return { status: 'requires_action', ref: row.id, clientSecret: row.id };
    default:
      return { status: 'failed', ref: row.id, reason: data.reason ?? 'processing_error' };
  }
}

/** What a charge with this method does now: the test method's behaviour. */
function firstState(
  method: SandboxRow | undefined,
  input: ChargeInput,
): { status: string; reason?: DeclineReason; settle?: 'ok' | 'fails' } {
  const data = method?.data as MethodData | undefined;
  const behaviour = testMethod(data?.testMethod)?.behaviour;
  if (!method || !data || data.detached || method.status !== 'active' || method.userId !== input.customer.userId)
    return { status: 'failed', reason: 'processing_error' };
  switch (behaviour) {
    case 'succeeds':
      return { status: 'succeeded' };
    case 'authenticate_always':
      return { status: 'requires_action' };
    // Like Stripe's 3155: the first charge needs the customer; once authenticated, later off-session ones go through.
    case 'authenticate_once':
      return data.authenticated ? { status: 'succeeded' } : { status: 'requires_action' };
    case 'charge_declined':
      return { status: 'failed', reason: 'card_declined' };
    case 'insufficient_funds':
      return { status: 'failed', reason: 'insufficient_funds' };
    case 'settles':
      return { status: 'processing', settle: 'ok' };
    case 'debit_fails':
      return { status: 'processing', settle: 'fails' };
    default:
      return { status: 'failed', reason: 'processing_error' };
  }
}

/**
 * What the app keeps of a saved test method: its test card's brand and last four, expiring
 * 12/2045 (fixed, so that screens and screenshots read the same every year), or the test account's.
 */
function savedMethodOf(method: SandboxRow): SavedMethod {
  const m = method.data as MethodData;
  const chosen = testMethod(m.testMethod)!;
  const card = chosen.kind === 'card';
  return {
    kind: chosen.kind,
    ref: method.id,
    brand: chosen.brand,
    last4: chosen.last4,
    expMonth: card ? 12 : null,
    expYear: card ? SANDBOX_CARD_EXPIRY_YEAR : null,
    holder: m.holder,
  };
}

/**
 * The embedded sandbox: a provider that moves no money, with every state a real one has (docs/billing.md,
 * "The sandbox"). Its records live in `payment_sandbox_objects`, so a payment started by one process is
 * completed by another and survives a restart. Methods are saved only by picking one of
 * SANDBOX_TEST_METHODS in its setup component, never from a number. `now` is the product's clock: a SEPA
 * debit settles three business days later on it (the test clock moves it).
 */
export function createSandboxProvider(db: Database, now: () => Date): SandboxProvider {
  const find = async (id: string) => (await db.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.id, id)))[0];

  const provider: SandboxProvider = {
    name: 'sandbox',
    testMode: true,
    methodKinds: ['card', 'sepa_debit'],

    async ensureCustomer(customer: ProviderCustomer) {
      return customer.providerCustomerRef ?? `sbx_cus_${customer.userId}`;
    },

    async startSetup(customer: ProviderCustomer, kind: MethodKind) {
      const id = newId('seti');
      await db
        .insert(paymentSandboxObjects)
        .values({ id, kind: 'setup', userId: customer.userId, status: 'requires_payment_method', data: { kind } });
      return { setupId: id, clientSecret: id };
    },

    async confirmSetup(userId, setupId, input) {
      const setup = await find(setupId);
      if (!setup || setup.kind !== 'setup' || setup.userId !== userId) throw new AppError('record.not_found');
      const chosen = testMethod(input.testMethod)!;
      if (chosen.kind !== (setup.data as { kind: MethodKind }).kind)
        throw new AppError('validation.failed', {}, { testMethod: [{ code: 'payment.method_kind_mismatch' }] });
      if (setup.status !== 'requires_payment_method') return provider.finishSetup(setupId);
      await db.transaction(async (tx) => {
        if (chosen.behaviour === 'declined_on_save') {
          await tx
            .update(paymentSandboxObjects)
            .set({ status: 'failed', data: { ...setup.data, reason: 'card_declined' }, updatedAt: new Date() })
            .where(eq(paymentSandboxObjects.id, setupId));
          return;
        }
        const methodRef = newId('pm');
        const method: MethodData = { testMethod: chosen.id, holder: input.holder };
        await tx.insert(paymentSandboxObjects).values({ id: methodRef, kind: 'method', userId, status: 'active', data: method });
        await tx
          .update(paymentSandboxObjects)
          .set({ status: 'succeeded', data: { ...setup.data, methodRef }, updatedAt: new Date() })
          .where(eq(paymentSandboxObjects.id, setupId));
      });
      return provider.finishSetup(setupId);
    },

    async finishSetup(setupId) {
      const setup = await find(setupId);
      if (!setup || setup.kind !== 'setup') return { status: 'failed', reason: 'processing_error' };
      const data = setup.data as { methodRef?: string; reason?: DeclineReason };
      if (setup.status === 'failed') return { status: 'failed', reason: data.reason ?? 'card_declined' };
      if (setup.status !== 'succeeded' || !data.methodRef) return { status: 'requires_action' };
      return { status: 'succeeded', method: savedMethodOf((await find(data.methodRef))!) };
    },

    async charge(input) {
      const existing = (
        await db
          .select()
          .from(paymentSandboxObjects)
          .where(eq(paymentSandboxObjects.idempotencyKey, `pi:${input.idempotencyKey}`))
      )[0];
      if (existing) {
        if (existing.amountCents !== input.amountCents) throw new ProviderIdempotencyError();
        return outcomeOf(await settled(db, now, existing));
      }
      const method = await find(input.methodRef);
      const state = firstState(method?.kind === 'method' ? method : undefined, input);
      const data: PaymentData = {
        methodRef: input.methodRef,
        offSession: input.offSession,
        ...(state.reason ? { reason: state.reason } : {}),
        ...(state.settle ? { outcome: state.settle === 'ok' ? 'succeeded' : 'failed' } : {}),
      };
      const [row] = await db
        .insert(paymentSandboxObjects)
        .values({
          id: newId('pi'),
          kind: 'payment',
          userId: input.customer.userId,
          idempotencyKey: `pi:${input.idempotencyKey}`,
          status: state.status,
          amountCents: input.amountCents,
          data,
          settlesAt: state.settle ? addBusinessDays(now(), SEPA_SETTLEMENT_BUSINESS_DAYS) : null,
        })
        .onConflictDoNothing({ target: paymentSandboxObjects.idempotencyKey })
        .returning();
      // A concurrent call with the same key made it first: its state.
      return row ? outcomeOf(row) : provider.charge(input);
    },

    async retrieve(ref) {
      const row = await find(ref);
      if (!row || row.kind !== 'payment') return { status: 'failed', ref: null, reason: 'processing_error' };
      return outcomeOf(await settled(db, now, row));
    },

    prepareAuthentication: (ref) => provider.retrieve(ref),

    async authenticate(userId, ref, result) {
      const row = await find(ref);
      if (!row || row.kind !== 'payment' || row.userId !== userId) throw new AppError('record.not_found');
      if (row.status !== 'requires_action') return outcomeOf(row);
      const data = row.data as PaymentData;
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(paymentSandboxObjects)
          .set(
            result === 'pass'
              ? { status: 'succeeded', updatedAt: new Date() }
              : { status: 'failed', data: { ...data, reason: 'authentication_failed' }, updatedAt: new Date() },
          )
          .where(and(eq(paymentSandboxObjects.id, ref), eq(paymentSandboxObjects.status, 'requires_action')))
          .returning();
        // An authenticated card is set up for later off-session charges (what authenticate_once then lets through).
        if (changed && result === 'pass')
          await tx
            .update(paymentSandboxObjects)
            .set({ data: sql`${paymentSandboxObjects.data} || '{"authenticated": true}'::jsonb`, updatedAt: new Date() })
            .where(eq(paymentSandboxObjects.id, data.methodRef));
      });
      return outcomeOf((await find(ref))!);
    },

    async refund(ref, amountCents, idempotencyKey) {
      const key = `re:${idempotencyKey}`;
      const payment = await find(ref);
      if (!payment) throw new Error(`sandbox: no payment ${ref}`);
      const [row] = await db
        .insert(paymentSandboxObjects)
        .values({
          id: newId('re'),
          kind: 'refund',
          userId: payment.userId,
          idempotencyKey: key,
          status: 'succeeded',
          amountCents,
          data: { paymentRef: ref },
        })
        .onConflictDoNothing({ target: paymentSandboxObjects.idempotencyKey })
        .returning();
      if (row) return { refundRef: row.id };
      const [seen] = await db.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.idempotencyKey, key));
      if (seen!.amountCents !== amountCents) throw new ProviderIdempotencyError();
      return { refundRef: seen!.id };
    },

    async detach(methodRef) {
      await db
        .update(paymentSandboxObjects)
        .set({ status: 'detached', updatedAt: new Date() })
        .where(and(eq(paymentSandboxObjects.id, methodRef), eq(paymentSandboxObjects.kind, 'method')));
    },
  };
  return provider;
}
