import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decodeForm, findOperation, openApiViolations } from './stripe-openapi-check.js';
import { heldAnswers } from './held-answers.js';

/**
 * A local stand-in for Stripe's API (the endpoints the app uses), for tests: the official SDK is
 * pointed at it (`host`, `port`, `protocol: 'http'`). It keeps its objects in memory and behaves as
 * Stripe documents: test PaymentMethods (`pm_card_visa`…) decide what a setup or a charge does, an
 * off-session charge needing authentication fails with `authentication_required`, a SEPA debit is
 * `processing` until the test settles it, and `Idempotency-Key` replays the first answer for the same
 * parameters and refuses other parameters (`idempotency_error`).
 *
 * Every request is checked against Stripe's published OpenAPI description
 * (test/fixtures/stripe-openapi/): an unknown operation or parameter is answered 400 and recorded in
 * `violations`, which a test asserts empty. Webhook events are signed as Stripe signs them
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`), computed here, not by the SDK.
 */

type Behaviour =
  | 'succeeds'
  | 'authenticate_always'
  | 'authenticate_on_setup'
  | 'declined'
  | 'charge_declined'
  | 'insufficient_funds'
  | 'sepa_settles'
  | 'sepa_fails';

/** Stripe's test PaymentMethods (the SEPA ones are this stand-in's names for Stripe's test IBANs). */
export const STRIPE_TEST_METHODS: Record<string, { type: 'card' | 'sepa_debit'; brand: string; last4: string; behaviour: Behaviour }> = {
  pm_card_visa: { type: 'card', brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  pm_card_mastercard: { type: 'card', brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
  pm_card_authenticationRequired: { type: 'card', brand: 'visa', last4: '3184', behaviour: 'authenticate_always' },
  pm_card_authenticationRequiredOnSetup: { type: 'card', brand: 'visa', last4: '3155', behaviour: 'authenticate_on_setup' },
  pm_card_chargeDeclined: { type: 'card', brand: 'visa', last4: '0002', behaviour: 'declined' },
  pm_card_chargeCustomerFail: { type: 'card', brand: 'visa', last4: '0341', behaviour: 'charge_declined' },
  pm_card_chargeDeclinedInsufficientFunds: { type: 'card', brand: 'visa', last4: '9995', behaviour: 'insufficient_funds' },
  // DE89370400440532013000 and AT861904300235473202 in Stripe's test mode.
  pm_sepaDebit: { type: 'sepa_debit', brand: 'sepa_debit', last4: '3000', behaviour: 'sepa_settles' },
  pm_sepaDebit_fails: { type: 'sepa_debit', brand: 'sepa_debit', last4: '3202', behaviour: 'sepa_fails' },
};

type Obj = Record<string, unknown> & { id: string };
type Form = ReturnType<typeof decodeForm>['tree'];
type Answer = { status: number; body: unknown };

export type StandInRequest = {
  method: string;
  path: string;
  query: string;
  body: string;
  idempotencyKey: string | null;
  /** Who called: the server with the secret key, or the browser (Stripe.js) with the publishable key. */
  caller: 'secret' | 'publishable' | 'none';
  status: number;
  replayed: boolean;
};

export type StandInEvent = { id: string; type: string; created: number; data: { object: Obj } };

const SECRET_KEY = 'sk_test_standin_' + 'a'.repeat(24);
const PUBLISHABLE_KEY = 'pk_test_standin_' + 'b'.repeat(24);
const WEBHOOK_SECRET = 'whsec_standin_' + 'c'.repeat(24);
const API_VERSION = '2026-10-28.endive';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const str = (form: Form, key: string): string | undefined => (typeof form[key] === 'string' ? form[key] : undefined);
const error = (status: number, fields: Record<string, unknown>): Answer => ({ status, body: { error: fields } });
const notFound = (kind: string, ref: string) =>
  error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${ref}'`, param: 'id' });

/** `t=…,v1=…` as Stripe signs a webhook's payload with the endpoint's secret. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export async function startStripeStandIn() {
  const objects = { customer: new Map<string, Obj>(), setup_intent: new Map<string, Obj>(), payment_intent: new Map<string, Obj>() };
  const paymentMethods = new Map<string, Obj & { behaviour: Behaviour }>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  const idempotency = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: StandInRequest[] = [];
  const violations: string[] = [];
  const events: StandInEvent[] = [];
  let failNext = 0;
  // PaymentIntent answers held back (`holdPaymentIntentAnswers`).
  const heldIntents = heldAnswers();

  const emit = (type: string, object: Obj) => {
    const event = { id: id('evt'), type, created: now(), data: { object: structuredClone(object) } };
    events.push(event);
    return event;
  };

  const publicMethod = (pm: Obj & { behaviour: Behaviour }): Obj => {
    const { behaviour: _b, ...rest } = pm;
    return rest;
  };

  // --- Payment methods -------------------------------------------------------------------
  /** A test PaymentMethod id (`pm_card_visa`) becomes a PaymentMethod of its own, as in Stripe. */
  function materialize(ref: string, customer: string | null): (Obj & { behaviour: Behaviour }) | null {
    const existing = paymentMethods.get(ref);
    if (existing) return existing;
    const test = STRIPE_TEST_METHODS[ref];
    if (!test) return null;
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: test.type,
      customer,
      created: now(),
      livemode: false,
      billing_details: { name: 'Jenny Rosen', email: null, phone: null, address: null },
      card:
        test.type === 'card'
          ? {
              brand: test.brand,
              last4: test.last4,
              exp_month: 12,
              exp_year: new Date().getUTCFullYear() + 3,
              country: 'US',
              funding: 'credit',
            }
          : undefined,
      sepa_debit:
        test.type === 'sepa_debit' ? { last4: test.last4, country: 'DE', bank_code: '37040044', fingerprint: id('fp') } : undefined,
      behaviour: test.behaviour,
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  // --- Setup intents ----------------------------------------------------------------------
  function confirmSetup(si: Obj, form: Form): Answer {
    const pm = materialize(str(form, 'payment_method') ?? '', si.customer as string | null);
    if (!pm)
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: 'No such PaymentMethod',
      });
    if (!(si.allowed_payment_method_types as string[]).includes(pm.type as string))
      return error(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: 'The PaymentMethod type is not allowed by this SetupIntent',
      });
    if (pm.type === 'sepa_debit' && !form.mandate_data)
      return error(400, {
        type: 'invalid_request_error',
        param: 'mandate_data',
        message: 'A SEPA debit setup needs the customer’s mandate acceptance',
      });
    si.payment_method = pm.id;
    if (pm.behaviour === 'declined') {
      si.status = 'requires_payment_method';
      si.last_setup_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_method: publicMethod(pm),
      };
      si.payment_method = null;
      emit('setup_intent.setup_failed', si);
      return error(402, { ...(si.last_setup_error as object), message: 'Your card was declined.', setup_intent: structuredClone(si) });
    }
    if (pm.behaviour === 'authenticate_always' || pm.behaviour === 'authenticate_on_setup') {
      si.status = 'requires_action';
      si.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      emit('setup_intent.requires_action', si);
      return { status: 200, body: si };
    }
    return succeedSetup(si, pm);
  }

  function succeedSetup(si: Obj, pm: Obj & { behaviour: Behaviour }): Answer {
    pm.customer = si.customer;
    si.status = 'succeeded';
    si.next_action = null;
    si.last_setup_error = null;
    si.payment_method = pm.id;
    if (pm.type === 'sepa_debit') si.mandate = id('mandate');
    emit('setup_intent.succeeded', si);
    return { status: 200, body: si };
  }

  // --- Payment intents --------------------------------------------------------------------
  function newCharge(pi: Obj, status: 'succeeded' | 'pending' | 'failed'): Obj {
    const charge: Obj = {
      id: id('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      currency: pi.currency,
      customer: pi.customer,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      refunded: false,
      disputed: false,
      status,
      created: now(),
      livemode: false,
    };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    return charge;
  }

  function fail(pi: Obj, pm: Obj, code: string, declineCode: string, message: string): Answer {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = {
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      payment_method: publicMethod(pm as Obj & { behaviour: Behaviour }),
    };
    newCharge(pi, 'failed');
    emit('payment_intent.payment_failed', pi);
    return error(402, { type: 'card_error', code, decline_code: declineCode, message, payment_intent: structuredClone(pi) });
  }

  function succeed(pi: Obj): Answer {
    pi.status = 'succeeded';
    pi.next_action = null;
    pi.last_payment_error = null;
    pi.amount_received = pi.amount;
    newCharge(pi, 'succeeded');
    emit('payment_intent.succeeded', pi);
    return { status: 200, body: pi };
  }

  function attempt(pi: Obj, offSession: boolean): Answer {
    const pm = paymentMethods.get(pi.payment_method as string);
    if (!pm)
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: 'No such PaymentMethod',
      });
    if (pm.customer !== pi.customer)
      return error(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: 'The PaymentMethod is not attached to this Customer',
      });
    switch (pm.behaviour) {
      case 'authenticate_always':
        if (offSession) return fail(pi, pm, 'authentication_required', 'authentication_required', 'This payment requires authentication.');
        pi.status = 'requires_action';
        pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
        emit('payment_intent.requires_action', pi);
        return { status: 200, body: pi };
      case 'declined':
      case 'charge_declined':
        return fail(pi, pm, 'card_declined', 'generic_decline', 'Your card was declined.');
      case 'insufficient_funds':
        return fail(pi, pm, 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      case 'sepa_settles':
      case 'sepa_fails':
        pi.status = 'processing';
        newCharge(pi, 'pending');
        emit('payment_intent.processing', pi);
        return { status: 200, body: pi };
      default:
        return succeed(pi);
    }
  }

  function createPaymentIntent(form: Form): Answer {
    const customer = str(form, 'customer') ?? null;
    if (customer && !objects.customer.has(customer)) return notFound('customer', customer);
    const pi: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(str(form, 'amount')),
      amount_received: 0,
      currency: str(form, 'currency'),
      customer,
      description: str(form, 'description') ?? null,
      payment_method: null,
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      metadata: form.metadata ?? {},
      created: now(),
      livemode: false,
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
    objects.payment_intent.set(pi.id, pi);
    const pmRef = str(form, 'payment_method');
    if (pmRef) {
      const pm = materialize(pmRef, null);
      if (!pm) return notFound('payment_method', pmRef);
      pi.payment_method = pm.id;
    }
    emit('payment_intent.created', pi);
    if (str(form, 'confirm') !== 'true') return { status: 200, body: pi };
    if (!pi.payment_method)
      return error(400, { type: 'invalid_request_error', param: 'payment_method', message: 'A PaymentMethod is needed to confirm' });
    return attempt(
      pi,
      str(form, 'off_session') === 'true' || str(form, 'off_session') === 'recurring' || str(form, 'off_session') === 'one_off',
    );
  }

  // --- Refunds ----------------------------------------------------------------------------
  function createRefund(form: Form): Answer {
    const piRef = str(form, 'payment_intent');
    const pi = piRef ? objects.payment_intent.get(piRef) : undefined;
    const charge = pi ? charges.get(pi.latest_charge as string) : charges.get(str(form, 'charge') ?? '');
    if (!charge || charge.status !== 'succeeded')
      return error(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'Nothing to refund' });
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = str(form, 'amount') ? Number(str(form, 'amount')) : left;
    if (amount > left)
      return error(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'More than is left to refund',
      });
    const refund: Obj = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      currency: charge.currency,
      metadata: form.metadata ?? {},
      created: now(),
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('charge.refunded', charge);
    return { status: 200, body: refund };
  }

  // --- Routing ----------------------------------------------------------------------------
  function handle(method: string, path: string, form: Form, query: Form, caller: StandInRequest['caller']): Answer {
    const found = findOperation(method, path)!;
    const key = `${method.toLowerCase()} ${found.template}`;
    const param = Object.values(found.params)[0] ?? '';
    // What Stripe.js calls with the publishable key: confirming a SetupIntent and reading an intent (with its client secret).
    const browserCalls = ['post /v1/setup_intents/{intent}/confirm', 'get /v1/setup_intents/{intent}', 'get /v1/payment_intents/{intent}'];
    if (caller === 'publishable' && !browserCalls.includes(key))
      return error(401, { type: 'invalid_request_error', message: 'This call needs the secret key' });
    const get = <T extends Obj>(map: Map<string, T>, kind: string): T | Answer => map.get(param) ?? notFound(kind, param);
    const isAnswer = (v: unknown): v is Answer => typeof v === 'object' && v !== null && 'status' in v && 'body' in v && !('id' in v);
    const read = (map: Map<string, Obj>, kind: string): Answer => {
      const found = get(map, kind);
      return isAnswer(found)
        ? found
        : { status: 200, body: kind === 'payment_method' ? publicMethod(found as Obj & { behaviour: Behaviour }) : found };
    };
    switch (key) {
      case 'post /v1/customers': {
        const customer: Obj = {
          id: id('cus'),
          object: 'customer',
          email: str(form, 'email') ?? null,
          name: str(form, 'name') ?? null,
          metadata: form.metadata ?? {},
          created: now(),
          livemode: false,
        };
        objects.customer.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      case 'get /v1/customers/{customer}':
        return read(objects.customer, 'customer');
      case 'post /v1/setup_intents': {
        const customer = str(form, 'customer') ?? null;
        if (customer && !objects.customer.has(customer)) return notFound('customer', customer);
        const si: Obj = {
          id: id('seti'),
          object: 'setup_intent',
          customer,
          usage: str(form, 'usage') ?? 'off_session',
          allowed_payment_method_types: Object.values((form.allowed_payment_method_types as Form | undefined) ?? { 0: 'card' }),
          payment_method: null,
          status: 'requires_payment_method',
          next_action: null,
          last_setup_error: null,
          mandate: null,
          metadata: form.metadata ?? {},
          created: now(),
          livemode: false,
        };
        si.client_secret = `${si.id}_secret_${randomBytes(12).toString('hex')}`;
        objects.setup_intent.set(si.id, si);
        return { status: 200, body: si };
      }
      case 'get /v1/setup_intents/{intent}': {
        const si = get(objects.setup_intent, 'setup_intent');
        if (isAnswer(si)) return si;
        if (caller === 'publishable' && str(query, 'client_secret') !== si.client_secret) return notFound('setup_intent', param);
        const expand = Object.values((query.expand as Form | undefined) ?? {});
        const pm = si.payment_method ? paymentMethods.get(si.payment_method as string) : undefined;
        return { status: 200, body: expand.includes('payment_method') && pm ? { ...si, payment_method: publicMethod(pm) } : si };
      }
      case 'post /v1/setup_intents/{intent}/confirm': {
        const si = get(objects.setup_intent, 'setup_intent');
        if (isAnswer(si)) return si;
        if (caller === 'publishable' && str(form, 'client_secret') !== si.client_secret) return notFound('setup_intent', param);
        if (si.status !== 'requires_payment_method' && si.status !== 'requires_confirmation')
          return error(400, {
            type: 'invalid_request_error',
            code: 'setup_intent_unexpected_state',
            message: `The SetupIntent is ${String(si.status)}`,
          });
        return confirmSetup(si, form);
      }
      case 'post /v1/payment_intents':
        return createPaymentIntent(form);
      case 'get /v1/payment_intents/{intent}': {
        const pi = get(objects.payment_intent, 'payment_intent');
        if (isAnswer(pi)) return pi;
        if (caller === 'publishable' && str(query, 'client_secret') !== pi.client_secret) return notFound('payment_intent', param);
        return { status: 200, body: pi };
      }
      case 'post /v1/payment_intents/{intent}/confirm': {
        const pi = get(objects.payment_intent, 'payment_intent');
        if (isAnswer(pi)) return pi;
        if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status as string))
          return error(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `The PaymentIntent is ${String(pi.status)}`,
          });
        const pmRef = str(form, 'payment_method');
        if (pmRef) {
          const pm = materialize(pmRef, null);
          if (!pm) return notFound('payment_method', pmRef);
          pi.payment_method = pm.id;
        }
        return attempt(pi, str(form, 'off_session') === 'true');
      }
      case 'post /v1/refunds':
        return createRefund(form);
      case 'get /v1/charges/{charge}': {
        const charge = get(charges, 'charge');
        if (isAnswer(charge)) return charge;
        // `expand[]=refunds`: the charge's refunds, newest first (not included by default since 2022-11-15).
        if (!Object.values((query.expand as Form | undefined) ?? {}).includes('refunds')) return { status: 200, body: charge };
        const data = [...refunds.values()].filter((r) => r.charge === charge.id).reverse();
        return {
          status: 200,
          body: { ...charge, refunds: { object: 'list', url: `/v1/charges/${String(charge.id)}/refunds`, has_more: false, data } },
        };
      }
      case 'get /v1/disputes/{dispute}':
        return read(disputes, 'dispute');
      case 'get /v1/payment_methods/{payment_method}':
        return read(paymentMethods, 'payment_method');
      case 'post /v1/payment_methods/{payment_method}/detach': {
        const pm = get(paymentMethods, 'payment_method');
        if (isAnswer(pm)) return pm;
        if (!pm.customer)
          return error(400, {
            type: 'invalid_request_error',
            code: 'payment_method_unexpected_state',
            message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
          });
        pm.customer = null;
        emit('payment_method.detached', publicMethod(pm));
        return { status: 200, body: publicMethod(pm) };
      }
      default:
        return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
    }
  }

  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = Buffer.concat(chunks).toString('utf8');
      const auth = req.headers.authorization ?? '';
      const caller: StandInRequest['caller'] =
        auth === `Bearer ${SECRET_KEY}` ? 'secret' : auth === `Bearer ${PUBLISHABLE_KEY}` ? 'publishable' : 'none';
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      const record: StandInRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.search.slice(1),
        body,
        idempotencyKey,
        caller,
        status: 0,
        replayed: false,
      };
      requests.push(record);
      const send = (answer: Answer, headers: Record<string, string> = {}) => {
        record.status = answer.status;
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          'stripe-version': API_VERSION,
          ...headers,
        });
        res.end(JSON.stringify(answer.body));
      };
      if (caller === 'none') return send(error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }));
      const problems = openApiViolations(record.method, record.path, record.query, body, req.headers['content-type']);
      if (problems.length > 0) {
        violations.push(...problems);
        return send(error(400, { type: 'invalid_request_error', message: problems.join('; ') }));
      }
      if (failNext > 0) {
        failNext -= 1;
        // A failure before the request ran: Stripe keeps no idempotent result for it.
        return send(error(500, { type: 'api_error', message: 'An unexpected error occurred (stand-in).' }));
      }
      const form = decodeForm(body).tree;
      if (record.method === 'POST' && idempotencyKey) {
        const fingerprint = createHash('sha256')
          .update(`${record.method} ${record.path} ${JSON.stringify(form)}`)
          .digest('hex');
        const scoped = `${caller}:${idempotencyKey}`;
        const seen = idempotency.get(scoped);
        if (seen && seen.fingerprint !== fingerprint)
          return send(
            error(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          );
        if (seen) {
          record.replayed = true;
          return send(seen.answer, { 'idempotent-replayed': 'true' });
        }
        const answer = handle(record.method, record.path, form, {}, caller);
        idempotency.set(scoped, { fingerprint, answer: structuredClone(answer) });
        if (heldIntents.holding && record.path === '/v1/payment_intents') {
          heldIntents.keep(() => send(answer, { 'idempotency-key': idempotencyKey }));
          return;
        }
        return send(answer, { 'idempotency-key': idempotencyKey });
      }
      send(handle(record.method, record.path, form, decodeForm(record.query).tree, caller));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as AddressInfo).port;

  const paymentIntent = (ref: string) => {
    const pi = objects.payment_intent.get(ref);
    if (!pi) throw new Error(`the stand-in has no PaymentIntent ${ref}`);
    return pi;
  };

  return {
    port,
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    /** The SDK's settings reaching this stand-in. */
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' as const },
    /** Every request received, in order. */
    requests,
    /** Requests Stripe's description refuses (a test asserts none). */
    violations,
    /** Every event Stripe would have sent, in order. */
    events,
    paymentIntents: () => [...objects.payment_intent.values()],
    customers: () => [...objects.customer.values()],
    paymentIntent: (ref: string) => structuredClone(paymentIntent(ref)),
    /** The next `n` requests are answered 500 before they run. */
    failNext(n: number) {
      failNext = n;
    },
    /** As Stripe.js does in the browser: confirms a SetupIntent with a test PaymentMethod, with the publishable key. */
    async confirmSetupInBrowser(clientSecret: string, paymentMethod: string) {
      const setupId = clientSecret.split('_secret_')[0]!;
      const sepa = STRIPE_TEST_METHODS[paymentMethod]?.type === 'sepa_debit';
      const form = new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret });
      if (sepa) {
        form.set('mandate_data[customer_acceptance][type]', 'online');
        form.set('mandate_data[customer_acceptance][online][ip_address]', '127.0.0.1');
        form.set('mandate_data[customer_acceptance][online][user_agent]', 'stand-in browser');
      }
      const res = await fetch(`http://127.0.0.1:${port}/v1/setup_intents/${setupId}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      return { status: res.status, body: (await res.json()) as Obj };
    },
    /** The customer passes or fails 3-D Secure in the browser (a SetupIntent or a PaymentIntent). */
    authenticate(ref: string, result: 'pass' | 'fail') {
      const si = objects.setup_intent.get(ref);
      if (si) {
        const pm = paymentMethods.get(si.payment_method as string)!;
        if (result === 'pass') return void succeedSetup(si, pm);
        si.status = 'requires_payment_method';
        si.last_setup_error = { type: 'invalid_request_error', code: 'setup_intent_authentication_failure' };
        si.payment_method = null;
        return void emit('setup_intent.setup_failed', si);
      }
      const pi = paymentIntent(ref);
      if (pi.status !== 'requires_action') throw new Error(`${ref} is ${String(pi.status)}, not requires_action`);
      if (result === 'pass') return void succeed(pi);
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'Authentication failed',
      };
      emit('payment_intent.payment_failed', pi);
    },
    /** A SEPA debit's outcome days later: settled, or failed by the bank. */
    settle(ref: string) {
      const pi = paymentIntent(ref);
      const pm = paymentMethods.get(pi.payment_method as string)!;
      if (pi.status !== 'processing') throw new Error(`${ref} is ${String(pi.status)}, not processing`);
      const charge = charges.get(pi.latest_charge as string)!;
      if (pm.behaviour === 'sepa_fails') {
        charge.status = 'failed';
        pi.status = 'requires_payment_method';
        pi.last_payment_error = {
          type: 'card_error',
          code: 'payment_method_provider_decline',
          decline_code: 'insufficient_funds',
          payment_method: publicMethod(pm),
        };
        return emit('payment_intent.payment_failed', pi);
      }
      charge.status = 'succeeded';
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      return emit('payment_intent.succeeded', pi);
    },
    /** The customer's bank disputes a payment; later the dispute is won or lost. */
    openDispute(paymentRef: string, reason = 'fraudulent') {
      const pi = paymentIntent(paymentRef);
      const charge = charges.get(pi.latest_charge as string)!;
      charge.disputed = true;
      const dispute: Obj = {
        id: id('dp'),
        object: 'dispute',
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: pi.id,
        reason,
        status: 'needs_response',
        evidence_details: { due_by: now() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        created: now(),
        livemode: false,
      };
      disputes.set(dispute.id, dispute);
      return emit('charge.dispute.created', dispute);
    },
    /** The merchant answered with evidence in the Dashboard: the dispute is under review (`charge.dispute.updated`). */
    updateDispute(disputeRef: string, status = 'under_review') {
      const dispute = disputes.get(disputeRef)!;
      dispute.status = status;
      (dispute.evidence_details as Obj).has_evidence = true;
      return emit('charge.dispute.updated', dispute);
    },
    closeDispute(disputeRef: string, outcome: 'won' | 'lost') {
      const dispute = disputes.get(disputeRef)!;
      dispute.status = outcome;
      return emit('charge.dispute.closed', dispute);
    },
    /** A refund made by someone in Stripe's Dashboard (no idempotency key of ours, no metadata): `charge.refunded`. */
    refundInDashboard(paymentRef: string, amount: number) {
      const pi = paymentIntent(paymentRef);
      const answer = createRefund({ payment_intent: pi.id, amount: String(amount) });
      if (answer.status !== 200) throw new Error(`the refund was refused: ${JSON.stringify(answer.body)}`);
      return { refund: answer.body as Obj, event: events[events.length - 1]! };
    },
    /** The card network's updater gave a saved card a new expiry (and maybe a new number): `payment_method.updated`. */
    updateCard(methodRef: string, card: { exp_month: number; exp_year: number; last4?: string }) {
      const pm = paymentMethods.get(methodRef)!;
      pm.card = { ...(pm.card as Obj), ...card };
      return emit('payment_method.updated', publicMethod(pm));
    },
    /** Someone detached a saved method in Stripe's Dashboard: `payment_method.detached`. */
    detachInDashboard(methodRef: string) {
      const pm = paymentMethods.get(methodRef)!;
      pm.customer = null;
      return emit('payment_method.detached', publicMethod(pm));
    },
    /**
     * From now on, a request creating a PaymentIntent runs (the charge happens at "Stripe") but its
     * answer is held back, never sent, until `release` — as if our process died before it heard it.
     * `arrived` resolves when one such request has run.
     */
    holdPaymentIntentAnswers: () => heldIntents.hold(),
    /** PaymentIntents created, and confirmed (succeeded or processing), by this stand-in so far. */
    paymentIntentCounts() {
      const all = [...objects.payment_intent.values()];
      return { created: all.length, confirmed: all.filter((pi) => ['succeeded', 'processing'].includes(pi.status as string)).length };
    },
    /** The event as Stripe posts it to the webhook endpoint: its body and its signature header. */
    webhookRequest(event: StandInEvent, secret = WEBHOOK_SECRET) {
      const payload = JSON.stringify({
        id: event.id,
        object: 'event',
        api_version: API_VERSION,
        created: event.created,
        data: event.data,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: event.type,
      });
      return {
        payload,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignatureHeader(payload, secret) },
      };
    },
    lastEvent(type: string) {
      const event = [...events].reverse().find((e) => e.type === type);
      if (!event) throw new Error(`the stand-in sent no ${type}`);
      return event;
    },
    /** Stops answering (connections refused) until `start`; the objects are kept. */
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    start: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
