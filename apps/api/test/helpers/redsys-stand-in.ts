import { createCipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DOMParser, type Document } from '@xmldom/xmldom';
import { heldAnswers } from './held-answers.js';

/**
 * A local stand-in for Redsys (its "SIS"), for tests: the REST endpoints (`/sis/rest/trataPeticionREST`,
 * `/sis/rest/iniciaPeticionREST`) and the payment page (`/sis/realizarPago`, where the browser posts
 * the signed form and the customer types the card number, passes the 3-D Secure challenge or pays
 * with Bizum). The app's redsys-easy is pointed at it with REDSYS_URL.
 *
 * Every request's signature is VERIFIED here with Redsys' published algorithm, written independently
 * of redsys-easy with node:crypto (`redsysSignature`: the order number zero-padded to a multiple of 8
 * bytes, 3DES-CBC with a zero IV and the base64-decoded terminal key; HMAC-SHA256 of the base64
 * merchant parameters with that key; base64, compared as bytes whatever the base64 flavour). A bad
 * signature is answered as Redsys does (SIS0042) and recorded in `violations`, which tests assert empty.
 *
 * Test cards, like Redsys' published test cards: 4548812049400004 (frictionless, authorised),
 * 4918019199883839 (EMV3DS 2.2 challenge: the page asks for it; a customer-initiated charge with its
 * token is answered 0195, SCA required; a merchant-initiated one goes through), 1111111111111117
 * (denied, 0190) and, a number of this stand-in's own, 4548810000000003: a card whose issuer refuses
 * the merchant-initiated exemption (a customer-initiated charge with its token goes through; a
 * merchant-initiated one is answered 0195, as Redsys answers when the issuer wants SCA after all; its
 * payment page asks for the challenge). Bizum's test phone is 700000000 (any other is denied); a Bizum order is checked as
 * Redsys checks it (`bizumViolations`), its result signed with Ds_ProcessedPayMethod 68. Each operation is notified
 * (signed) to the DS_MERCHANT_MERCHANTURL it carried, through `deliver` (or lost, `setLoseNotifications`).
 *
 * The query web service (`/apl02/services/SerClsWSConsulta`, SOAP `consultaOperaciones`, the
 * "Transacción simple" message of Redsys' "TPV-Virtual Consulta SOAP") answers from this stand-in's own
 * record of operations: the request's signature is verified with the same HMAC_SHA256_V1 over its
 * `<Version>` element as received (a bad one is answered XML0023 and recorded in `violations`), and the
 * answer is signed the same way; an order with no operation of that type is XML0024.
 */

/** HMAC_SHA256_V1 as Redsys publishes it (independent of redsys-easy). */
export function redsysSignature(secretKeyBase64: string, order: string, merchantParametersBase64: string): string {
  const key = Buffer.from(secretKeyBase64, 'base64');
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.concat([data, Buffer.alloc((8 - (data.length % 8)) % 8)]);
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  const orderKey = Buffer.concat([cipher.update(padded), cipher.final()]);
  return createHmac('sha256', orderKey).update(merchantParametersBase64, 'utf8').digest('base64');
}

/**
 * What Redsys refuses of a Bizum order (DS_MERCHANT_PAYMETHODS=z): Bizum is one payment the customer
 * authorises in their bank's app, so an authorisation (type 0) of a positive amount, never a stored
 * credential, a token or a merchant-initiated charge.
 */
export function bizumViolations(params: Record<string, string>): string[] {
  const found: string[] = [];
  if (params.DS_MERCHANT_TRANSACTIONTYPE !== '0') found.push(`a Bizum order of transaction type ${params.DS_MERCHANT_TRANSACTIONTYPE}`);
  if (!(Number(params.DS_MERCHANT_AMOUNT) > 0)) found.push('a Bizum order without a positive amount');
  if (params.DS_MERCHANT_IDENTIFIER || params.DS_MERCHANT_COF_INI || params.DS_MERCHANT_COF_TYPE)
    found.push('a Bizum order with a token or a stored credential');
  if (params.DS_MERCHANT_EXCEP_SCA || params.DS_MERCHANT_DIRECTPAYMENT) found.push('a merchant-initiated Bizum order');
  return found;
}

/** Redsys sends base64 or base64url ("-", "_"): compared as bytes. */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const b = Buffer.from(received.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

type TestCard = { behaviour: 'frictionless' | 'challenge' | 'denied' | 'mit-refused'; brand: string };
export const REDSYS_TEST_CARDS: Record<string, TestCard> = {
  '4548812049400004': { behaviour: 'frictionless', brand: '1' },
  '4918019199883839': { behaviour: 'challenge', brand: '1' },
  '1111111111111117': { behaviour: 'denied', brand: '1' },
  '4548810000000003': { behaviour: 'mit-refused', brand: '1' },
};
export const REDSYS_BIZUM_TEST_PHONE = '700000000';

type Params = Record<string, string>;
type Signed = { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };
type Token = { token: string; number: string; expiry: string; cofTxnId: string };
type Session = { id: string; params: Params; card?: { number: string; expiry: string } };

export type StandInOperation = {
  order: string;
  type: string;
  amount: number;
  response: string;
  via: 'rest' | 'page';
  token: string | null;
  mit: boolean;
  cofTxnId: string | null;
  payMethod: 'card' | 'bizum';
  /** When the stand-in did it (its query answer's Ds_Date and Ds_Hour). */
  at: Date;
};

/** A query the stand-in answered: the order and transaction type asked about, and `found` or its error code. */
export type StandInQuery = { order: string; type: string; answer: string };

export type StandInRequest = { method: string; path: string; body: string; status: number };
/** Posts a notification form to our URL; answers the HTTP status (tests pass one that injects into the app). */
export type Deliver = (url: string, form: URLSearchParams) => Promise<number>;

const MERCHANT_CODE = '999008881';
const TERMINAL = '1';

const b64json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
const upperKeys = (params: Record<string, unknown>): Params =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k.toUpperCase(), typeof v === 'string' ? v : JSON.stringify(v)]));
const html = (title: string, body: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`)
    .join('');

export async function startRedsysStandIn(options: { deliver?: Deliver } = {}) {
  const secretKey = randomBytes(24).toString('base64');
  const requests: StandInRequest[] = [];
  const violations: string[] = [];
  const operations: StandInOperation[] = [];
  const tokens = new Map<string, Token>();
  const sessions = new Map<string, Session>();
  const ordersSeen = new Set<string>();
  const refunded = new Map<string, number>();
  const deliveries: Promise<unknown>[] = [];
  const notifications: { url: string; form: URLSearchParams; status: number }[] = [];
  // Notifications lost on their way (`setLoseNotifications`): kept, so that a test can deliver them late.
  const lostNotifications: { url: string; form: URLSearchParams }[] = [];
  const queries: StandInQuery[] = [];
  let down = false;
  let loseAnswers = false;
  let loseNotifications = false;
  let tamperQueryAnswers = false;
  // The state the query service reports its operations in (`setQueryState`): F, finished, unless a test says.
  let queryState = 'F';
  // REST answers held back (`holdRestAnswers`): the operation done and notified, its answer not yet sent.
  const heldRest = heldAnswers();
  let deliver: Deliver =
    options.deliver ??
    (async (url, form) =>
      (await fetch(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status);

  /** Signs result parameters as Redsys does (the order is Ds_Order). */
  function sign(params: Params): Signed {
    const merchantParameters = b64json(params);
    return {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: merchantParameters,
      Ds_Signature: redsysSignature(secretKey, params.Ds_Order!, merchantParameters),
    };
  }

  /** Verifies a merchant's signed request; its parameters (upper-case names), or null with the violation recorded. */
  function verified(signed: Partial<Signed>, where: string): Params | null {
    if (signed.Ds_SignatureVersion !== 'HMAC_SHA256_V1' || !signed.Ds_MerchantParameters || !signed.Ds_Signature) {
      violations.push(`${where}: missing or unknown signature fields`);
      return null;
    }
    let params: Params;
    try {
      params = upperKeys(JSON.parse(Buffer.from(signed.Ds_MerchantParameters, 'base64').toString('utf8')) as Record<string, unknown>);
    } catch {
      violations.push(`${where}: Ds_MerchantParameters is not base64 JSON`);
      return null;
    }
    const order = params.DS_MERCHANT_ORDER ?? '';
    if (!signaturesMatch(redsysSignature(secretKey, order, signed.Ds_MerchantParameters), signed.Ds_Signature)) {
      violations.push(`${where}: signature does not verify for order ${order}`);
      return null;
    }
    if (params.DS_MERCHANT_MERCHANTCODE !== MERCHANT_CODE || String(Number(params.DS_MERCHANT_TERMINAL)) !== TERMINAL)
      violations.push(`${where}: unknown merchant ${params.DS_MERCHANT_MERCHANTCODE}/${params.DS_MERCHANT_TERMINAL}`);
    if (!/^\d{4}[A-Za-z0-9]{0,8}$/.test(order)) violations.push(`${where}: order ${order} is not 4 digits then up to 8 alphanumerics`);
    if (params.DS_MERCHANT_CURRENCY !== '978') violations.push(`${where}: currency ${params.DS_MERCHANT_CURRENCY} is not 978 (EUR)`);
    return params;
  }

  /** The result Redsys reports of an operation (answer, notification, return). */
  function result(params: Params, response: string, extra: Params = {}): Params {
    const now = new Date();
    return {
      Ds_Date: encodeURIComponent(
        `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`,
      ),
      Ds_Hour: encodeURIComponent(`${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`),
      Ds_Amount: params.DS_MERCHANT_AMOUNT ?? '0',
      Ds_Currency: '978',
      Ds_Order: params.DS_MERCHANT_ORDER!,
      Ds_MerchantCode: MERCHANT_CODE,
      Ds_Terminal: '001',
      Ds_Response: response,
      Ds_TransactionType: params.DS_MERCHANT_TRANSACTIONTYPE ?? '0',
      Ds_SecurePayment: '1',
      Ds_AuthorisationCode: Number(response) < 100 || response === '0900' ? String(100000 + Math.floor(Math.random() * 899999)) : '',
      Ds_MerchantData: '',
      ...extra,
    };
  }

  /** The asynchronous notification to the merchant's URL (signed), as Redsys posts it. */
  function notify(params: Params, res: Params): Promise<unknown> {
    const url = params.DS_MERCHANT_MERCHANTURL;
    if (!url) return Promise.resolve();
    const signed = sign(res);
    const form = new URLSearchParams(signed);
    if (loseNotifications) {
      lostNotifications.push({ url, form });
      return Promise.resolve();
    }
    const sent = deliver(url, form).then(
      (status) => notifications.push({ url, form, status }),
      () => notifications.push({ url, form, status: 0 }),
    );
    deliveries.push(sent);
    return sent;
  }

  function newToken(number: string, expiry: string): Token {
    const token: Token = {
      token: randomBytes(20).toString('hex'),
      number,
      expiry,
      cofTxnId: String(Date.now()) + randomBytes(3).toString('hex'),
    };
    tokens.set(token.token, token);
    return token;
  }
  const masked = (number: string) => `${number.slice(0, 6)}******${number.slice(-4)}`;

  /** A REST authorisation or refund (trataPeticion). */
  function trata(params: Params): { errorCode: string } | Params {
    const order = params.DS_MERCHANT_ORDER!;
    const type = params.DS_MERCHANT_TRANSACTIONTYPE;
    const amount = Number(params.DS_MERCHANT_AMOUNT ?? 'NaN');
    if (!Number.isInteger(amount) || amount < 0) return { errorCode: 'SIS0018' };
    if (type === '3') {
      const original = operations.find((o) => o.order === order && Number(o.response) < 100 && o.type === '0');
      if (!original) return { errorCode: 'SIS0062' };
      const already = refunded.get(order) ?? 0;
      const response = already + amount <= original.amount ? '0900' : '0950';
      if (response === '0900') refunded.set(order, already + amount);
      operations.push({
        order,
        type,
        amount,
        response,
        via: 'rest',
        token: null,
        mit: false,
        cofTxnId: null,
        payMethod: original.payMethod,
        at: new Date(),
      });
      return result(params, response);
    }
    if (type !== '0') {
      violations.push(`trataPeticion: transaction type ${type} is not one this app sends by REST`);
      return { errorCode: 'SIS0054' };
    }
    if (ordersSeen.has(order)) return { errorCode: 'SIS0051' };
    ordersSeen.add(order);
    const token = tokens.get(params.DS_MERCHANT_IDENTIFIER ?? '');
    if (!token) {
      violations.push(`trataPeticion: order ${order} without a known DS_MERCHANT_IDENTIFIER (the app never sends card numbers)`);
      return { errorCode: 'SIS0093' };
    }
    if (params.DS_MERCHANT_PAN || params.DS_MERCHANT_CVV2) violations.push(`trataPeticion: order ${order} carries a card number`);
    if (params.DS_MERCHANT_PAYMETHODS === 'z')
      violations.push(`trataPeticion: order ${order} asks for Bizum, which is paid on the page only`);
    const mit = params.DS_MERCHANT_EXCEP_SCA === 'MIT';
    if (
      mit &&
      (params.DS_MERCHANT_DIRECTPAYMENT !== 'true' ||
        params.DS_MERCHANT_COF_TXNID !== token.cofTxnId ||
        params.DS_MERCHANT_COF_TYPE !== 'R')
    )
      violations.push(
        `trataPeticion: MIT order ${order} without DS_MERCHANT_DIRECTPAYMENT=true, COF_TYPE=R and the first payment's COF_TXNID`,
      );
    const behaviour = REDSYS_TEST_CARDS[token.number]!.behaviour;
    const wantsSca = (behaviour === 'challenge' && !mit) || (behaviour === 'mit-refused' && mit);
    const response = behaviour === 'denied' ? '0190' : wantsSca ? '0195' : '0000';
    operations.push({
      order,
      type,
      amount,
      response,
      via: 'rest',
      token: token.token,
      mit,
      cofTxnId: params.DS_MERCHANT_COF_TXNID ?? null,
      payMethod: 'card',
      at: new Date(),
    });
    return result(params, response, { Ds_Merchant_Identifier: token.token, Ds_Card_Number: masked(token.number) });
  }

  /** Ends a page session: the notification (awaited, as Redsys posts it before the browser comes back), then the redirect to URLOK/URLKO with the signed result. */
  async function finish(session: Session, response: string, extra: Params, payMethod: 'card' | 'bizum', token: string | null) {
    const params = session.params;
    sessions.delete(session.id);
    operations.push({
      order: params.DS_MERCHANT_ORDER!,
      type: params.DS_MERCHANT_TRANSACTIONTYPE ?? '0',
      amount: Number(params.DS_MERCHANT_AMOUNT),
      response,
      via: 'page',
      token,
      mit: false,
      cofTxnId: null,
      payMethod,
      at: new Date(),
    });
    const res = result(params, response, { Ds_ProcessedPayMethod: payMethod === 'bizum' ? '68' : '1', ...extra });
    await notify(params, res);
    const back = Number(response) < 100 ? params.DS_MERCHANT_URLOK : params.DS_MERCHANT_URLKO;
    if (!back) return { status: 200, type: 'text/html', body: html('Operación finalizada', `<p>${response}</p>`) };
    const location = `${back}${back.includes('?') ? '&' : '?'}${new URLSearchParams(sign(res)).toString()}`;
    return { status: 302, type: 'text/html', body: '', location };
  }

  /** After the card (or the saved card) is known: a challenge if its issuer asks, else the result. */
  function authorise(session: Session, number: string, expiry: string) {
    const card = REDSYS_TEST_CARDS[number];
    if (!card) return finish(session, '0180', {}, 'card', null);
    session.card = { number, expiry };
    if (card.behaviour === 'denied') return finish(session, '0190', {}, 'card', null);
    if (card.behaviour === 'challenge' || card.behaviour === 'mit-refused')
      return Promise.resolve({
        status: 200,
        type: 'text/html',
        body: html(
          'Autenticación EMV3DS 2.2',
          `<form method="post" action="/sis/realizarPago/challenge">${hidden({ session: session.id })}<button name="result" value="pass">Autenticar</button><button name="result" value="fail">Cancelar</button></form>`,
        ),
      });
    return complete(session);
  }

  /** The card authenticated (or frictionless): the operation's result, a token when one was REQUIRED. */
  function complete(session: Session) {
    const params = session.params;
    const card = session.card!;
    const existing = tokens.get(params.DS_MERCHANT_IDENTIFIER ?? '');
    const cofInit = params.DS_MERCHANT_IDENTIFIER === 'REQUIRED';
    const token = existing ?? (cofInit ? newToken(card.number, card.expiry) : null);
    const extra: Params = {
      Ds_Card_Number: masked(card.number),
      Ds_Card_Brand: REDSYS_TEST_CARDS[card.number]!.brand,
      Ds_ExpiryDate: card.expiry,
      ...(token ? { Ds_Merchant_Identifier: token.token } : {}),
      ...(token && cofInit ? { Ds_Merchant_Cof_Txnid: token.cofTxnId } : {}),
    };
    return finish(session, '0000', extra, 'card', token?.token ?? null);
  }

  /** The payment page: the signed form from the browser, then its own steps. */
  async function page(path: string, form: URLSearchParams) {
    if (path === '/sis/realizarPago') {
      const params = verified(Object.fromEntries(form), 'realizarPago');
      if (!params) return { status: 200, type: 'text/html', body: html('Error SIS0042', '<p>Error en el cálculo de la firma</p>') };
      const order = params.DS_MERCHANT_ORDER!;
      if (ordersSeen.has(order)) return { status: 200, type: 'text/html', body: html('Error SIS0051', '<p>Número de pedido repetido</p>') };
      ordersSeen.add(order);
      const type = params.DS_MERCHANT_TRANSACTIONTYPE;
      if (
        type === '7' &&
        (params.DS_MERCHANT_AMOUNT !== '0' || params.DS_MERCHANT_IDENTIFIER !== 'REQUIRED' || params.DS_MERCHANT_COF_INI !== 'S')
      )
        violations.push(`realizarPago: a 0 € authentication (type 7) that does not start a stored credential (order ${order})`);
      if (type !== '7' && type !== '0') violations.push(`realizarPago: transaction type ${type}`);
      if (params.DS_MERCHANT_PAYMETHODS === 'z')
        bizumViolations(params).forEach((v) => violations.push(`realizarPago: ${v} (order ${order})`));
      const session: Session = { id: randomBytes(12).toString('hex'), params };
      sessions.set(session.id, session);
      if (params.DS_MERCHANT_PAYMETHODS === 'z')
        return {
          status: 200,
          type: 'text/html',
          body: html(
            'Bizum',
            `<form method="post" action="/sis/realizarPago/bizum">${hidden({ session: session.id })}<label>Móvil <input name="phone"></label><button>Pagar</button></form>`,
          ),
        };
      const saved = tokens.get(params.DS_MERCHANT_IDENTIFIER ?? '');
      if (saved) return authorise(session, saved.number, saved.expiry);
      return {
        status: 200,
        type: 'text/html',
        body: html(
          'Pago con tarjeta',
          `<form method="post" action="/sis/realizarPago/card">${hidden({ session: session.id })}<label>Tarjeta <input name="number"></label><label>Caducidad (AAMM) <input name="expiry"></label><label>CVV <input name="cvv"></label><button>Pagar</button></form>`,
        ),
      };
    }
    const session = sessions.get(form.get('session') ?? '');
    if (!session) return { status: 200, type: 'text/html', body: html('Error SIS0431', '<p>Sesión caducada</p>') };
    if (path === '/sis/realizarPago/card')
      return authorise(session, (form.get('number') ?? '').replace(/\s/g, ''), form.get('expiry') ?? '');
    if (path === '/sis/realizarPago/challenge')
      return form.get('result') === 'pass' ? complete(session) : finish(session, '0184', {}, 'card', null);
    if (path === '/sis/realizarPago/bizum')
      return finish(session, form.get('phone') === REDSYS_BIZUM_TEST_PHONE ? '0000' : '0190', {}, 'bizum', null);
    return { status: 404, type: 'text/html', body: html('404', '') };
  }

  /** Parses XML as Redsys' service would; null when it is not well-formed. */
  function xml(text: string): Document | null {
    let failed = false;
    try {
      const doc = new DOMParser({ onError: (level) => void (failed ||= level !== 'warning') }).parseFromString(text, 'text/xml');
      return failed || !doc.documentElement ? null : doc;
    } catch {
      return null;
    }
  }

  /**
   * The query web service's message (`cadenaXML`): a "Transaction" query, its signature verified over
   * the `<Version>` element as received; answered from `operations`, signed the same way. Answers the
   * `<Messages>` string (an `<ErrorMsg>` is not signed, as Redsys sends it).
   */
  function consulta(message: string): string {
    const error = (code: string, violation?: string) => {
      if (violation) violations.push(`consultaOperaciones: ${violation}`);
      return `<Messages><Version Ds_Version="0.0"><Message><ErrorMsg><Ds_ErrorCode>${code}</Ds_ErrorCode></ErrorMsg></Message></Version></Messages>`;
    };
    const doc = xml(message);
    if (doc?.documentElement?.tagName !== 'Messages') return error('XML0001', 'the message is not a well-formed <Messages>');
    const text = (name: string) => {
      const [element] = Array.from(doc.getElementsByTagName(name));
      return element ? (element.textContent ?? '').trim() : undefined;
    };
    const [transaction] = Array.from(doc.getElementsByTagName('Transaction'));
    if (!transaction) return error('XML0003', 'not a Transaction query (the only one this app sends)');
    const order = text('Ds_Order');
    const type = text('Ds_TransactionType');
    if (!text('Ds_MerchantCode')) return error('XML0004', 'no Ds_MerchantCode');
    if (!text('Ds_Terminal')) return error('XML0008', 'no Ds_Terminal');
    if (!order) return error('XML0012', 'no Ds_Order');
    if (!type) return error('XML0016', 'no Ds_TransactionType');
    const signature = text('Signature');
    if (!signature) return error('XML0021', `no Signature for order ${order}`);
    if (text('SignatureVersion') !== 'HMAC_SHA256_V1') return error('XML0030', `SignatureVersion ${text('SignatureVersion') ?? '(none)'}`);
    // What is signed is the <Version> element exactly as it arrived.
    const version = /<Version\b[^>]*>[\s\S]*<\/Version>/.exec(message)?.[0] ?? '';
    if (!signaturesMatch(redsysSignature(secretKey, order, version), signature)) {
      queries.push({ order, type, answer: 'XML0023' });
      return error('XML0023', `signature does not verify for order ${order}`);
    }
    if (text('Ds_MerchantCode') !== MERCHANT_CODE || String(Number(text('Ds_Terminal'))) !== TERMINAL)
      violations.push(`consultaOperaciones: unknown merchant ${text('Ds_MerchantCode')}/${text('Ds_Terminal')}`);
    const found = operations.filter((o) => o.order === order && o.type === type);
    queries.push({ order, type, answer: found.length ? 'found' : 'XML0024' });
    if (found.length === 0) return error('XML0024');
    const two = (n: number) => String(n).padStart(2, '0');
    const responses = found.map((o) => {
      const fields: [string, string][] = [
        ['Ds_MerchantCode', MERCHANT_CODE],
        ['Ds_Terminal', TERMINAL],
        ['Ds_Order', o.order],
        ['Ds_TransactionType', o.type],
        ['Ds_Date', `${o.at.getFullYear()}-${two(o.at.getMonth() + 1)}-${two(o.at.getDate())}`],
        ['Ds_Hour', `${two(o.at.getHours())}:${two(o.at.getMinutes())}:${two(o.at.getSeconds())}`],
        ['Ds_Amount', String(o.amount)],
        ['Ds_Currency', '978'],
        ['Ds_SecurePayment', o.via === 'page' ? '1' : '0'],
        // Every operation of this stand-in is finished ("F") once it is recorded, unless a test reports
        // another state (P: being authorised), which has no Ds_Response yet.
        ['Ds_State', queryState],
        ...(queryState === 'F' ? [['Ds_Response', o.response] as [string, string]] : []),
      ];
      return `<Response>${fields.map(([name, value]) => `<${name}>${value}</${name}>`).join('')}</Response>`;
    });
    const answer = `<Version Ds_Version="0.0"><Message>${responses.join('')}</Message></Version>`;
    const signed = redsysSignature(secretKey, order, answer);
    // Tampered on its way (`setTamperQueryAnswers`): an authorisation reported as denied and the other way round.
    const sent = tamperQueryAnswers
      ? answer.replace(
          /<Ds_Response>(\d+)<\/Ds_Response>/g,
          (_all, code: string) => `<Ds_Response>${Number(code) < 100 ? '0190' : '0000'}</Ds_Response>`,
        )
      : answer;
    return `<Messages>${sent}<Signature>${signed}</Signature><SignatureVersion>HMAC_SHA256_V1</SignatureVersion></Messages>`;
  }

  /** The SOAP 1.1 envelope around the service: the message in `cadenaXML`, the answer in `consultaOperacionesReturn`. */
  function consultaEnvelope(body: string, soapAction: string | undefined): { status: number; body: string } {
    const soap = 'http://schemas.xmlsoap.org/soap/envelope/';
    const service = 'http://webservices.apl02.redsys.es';
    const envelope = (content: string) =>
      `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="${soap}"><soapenv:Body>${content}</soapenv:Body></soapenv:Envelope>`;
    const fault = (reason: string) => {
      violations.push(`consultaOperaciones: ${reason}`);
      return {
        status: 500,
        body: envelope(`<soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>${reason}</faultstring></soapenv:Fault>`),
      };
    };
    if (soapAction?.replace(/"/g, '') !== 'consultaOperaciones') return fault(`SOAPAction ${soapAction ?? '(none)'}`);
    const doc = xml(body);
    const root = doc?.documentElement;
    if (!doc || root?.namespaceURI !== soap || root.localName !== 'Envelope') return fault('not a SOAP 1.1 envelope');
    const [operation] = Array.from(doc.getElementsByTagNameNS(service, 'consultaOperaciones'));
    const [cadena] = operation ? Array.from(operation.getElementsByTagName('cadenaXML')) : [];
    if (!cadena) return fault('no consultaOperaciones/cadenaXML in the body');
    const escaped = consulta(cadena.textContent ?? '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
    return {
      status: 200,
      body: envelope(
        `<consultaOperacionesResponse xmlns="${service}"><consultaOperacionesReturn>${escaped}</consultaOperacionesReturn></consultaOperacionesResponse>`,
      ),
    };
  }

  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').split('?')[0]!;
      const answer = (status: number, type: string, text: string, location?: string) => {
        requests.push({ method: req.method ?? '', path, body, status });
        res.writeHead(status, { 'content-type': type, ...(location ? { location } : {}) });
        res.end(text);
      };
      void (async () => {
        if (path === '/apl02/services/SerClsWSConsulta' && req.method === 'POST') {
          // Down: the connection is dropped before anything is done.
          if (down) return req.socket.destroy();
          const soapAction = req.headers.soapaction;
          const out = consultaEnvelope(body, Array.isArray(soapAction) ? soapAction[0] : soapAction);
          return answer(out.status, 'text/xml; charset=utf-8', out.body);
        }
        if (path.startsWith('/sis/rest/')) {
          // Down: the connection is dropped before anything is done.
          if (down) return req.socket.destroy();
          let signed: Partial<Signed>;
          try {
            signed = JSON.parse(body) as Partial<Signed>;
          } catch {
            violations.push(`${path}: the body is not JSON`);
            return answer(200, 'application/json', JSON.stringify({ errorCode: 'SIS0007' }));
          }
          const params = verified(signed, path);
          if (!params) return answer(200, 'application/json', JSON.stringify({ errorCode: 'SIS0042' }));
          if (path === '/sis/rest/iniciaPeticionREST') {
            const token = tokens.get(params.DS_MERCHANT_IDENTIFIER ?? '');
            return answer(
              200,
              'application/json',
              JSON.stringify(
                sign(
                  result(params, '', {
                    Ds_EMV3DS: JSON.stringify({ protocolVersion: '2.2.0', threeDSInfo: 'CardConfiguration' }),
                    Ds_Card_PSD2: token ? 'Y' : 'N',
                  }),
                ),
              ),
            );
          }
          if (path !== '/sis/rest/trataPeticionREST') return answer(404, 'application/json', '{}');
          const outcome = trata(params);
          if ('errorCode' in outcome) return answer(200, 'application/json', JSON.stringify(outcome));
          void notify(params, outcome);
          if (heldRest.holding) await new Promise<void>((resolve) => heldRest.keep(resolve));
          // The answer lost on its way back (the operation was done).
          if (loseAnswers) return req.socket.destroy();
          return answer(200, 'application/json', JSON.stringify(sign(outcome)));
        }
        if (req.method === 'POST' && path.startsWith('/sis/realizarPago')) {
          const out = await page(path, new URLSearchParams(body));
          return answer(out.status, `${out.type}; charset=utf-8`, out.body, (out as { location?: string }).location);
        }
        answer(404, 'text/plain', 'not found');
      })().catch((error: unknown) => answer(500, 'text/plain', String(error)));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    merchantCode: MERCHANT_CODE,
    terminal: TERMINAL,
    secretKey,
    /** The app's settings to point it at this stand-in. */
    env: (extra: Record<string, string> = {}) => ({
      PAYMENT_PROVIDER: 'redsys',
      REDSYS_MERCHANT_CODE: MERCHANT_CODE,
      REDSYS_TERMINAL: TERMINAL,
      REDSYS_SECRET_KEY: secretKey,
      REDSYS_ENVIRONMENT: 'test',
      REDSYS_URL: url,
      ...extra,
    }),
    requests,
    violations,
    operations,
    notifications,
    /** The queries answered by the query web service. */
    queries,
    /** Signs result parameters with the terminal's key, as Redsys signs its notifications (for tests that send one themselves). */
    sign,
    setDeliver(next: Deliver) {
      deliver = next;
    },
    /** Drops every REST connection unanswered (Redsys unreachable), or brings it back. */
    setDown(value: boolean) {
      down = value;
    },
    /** Does the REST operations but drops their answers (the answer lost on the way back). */
    setLoseAnswers(value: boolean) {
      loseAnswers = value;
    },
    /** Loses the notifications of the operations done meanwhile (our process was not there to take them). */
    setLoseNotifications(value: boolean) {
      loseNotifications = value;
    },
    /** Delivers the notifications lost so far, late; answers their HTTP statuses. */
    async deliverLost() {
      const statuses: number[] = [];
      for (const { url, form } of lostNotifications.splice(0)) {
        const status = await deliver(url, form).catch(() => 0);
        notifications.push({ url, form, status });
        statuses.push(status);
      }
      return statuses;
    },
    /** Reports the operations in another state than finished (P: being authorised, with no Ds_Response), or F again. */
    setQueryState(state: string) {
      queryState = state;
    },
    /** Alters the Ds_Response of the query service's answers after they are signed (tampered on the way). */
    setTamperQueryAnswers(value: boolean) {
      tamperQueryAnswers = value;
    },
    /**
     * Holds back the answers of REST operations (each is done and notified first) until `release`:
     * `arrived` resolves when the first one is held. A test kills the app meanwhile, so Redsys charged
     * and nothing of its answer reached the app's transaction.
     */
    holdRestAnswers: () => heldRest.hold(),
    /** Waits for every notification sent so far to be delivered. */
    async idle() {
      while (deliveries.length) await Promise.all(deliveries.splice(0));
    },
    /** As a browser does: posts a form to the page, and answers the HTML or the redirect's location. */
    async post(path: string, fields: Record<string, string>) {
      const res = await fetch(`${url}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RedsysStandIn = Awaited<ReturnType<typeof startRedsysStandIn>>;

/** The session id in one of the page's forms (as a browser keeps it in the hidden field). */
export const pageSession = (page: string) => /name="session" value="([0-9a-f]+)"/.exec(page)?.[1] ?? '';
