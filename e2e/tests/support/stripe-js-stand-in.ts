import type { BrowserContext, Route } from '@playwright/test';

/**
 * A stand-in for Stripe.js, served in place of https://js.stripe.com, for the browser tests with
 * PAYMENT_PROVIDER=stripe.
 *
 * Why: the real Stripe.js cannot load here (the tests run offline), and it would only talk to the
 * real api.stripe.com, which knows nothing of the local stand-in of Stripe's API that our server is
 * pointed at (apps/api/test/helpers/stripe-stand-in.ts). So `routeStripe` answers the browser's
 * requests to js.stripe.com with this script and its frame, and forwards those to api.stripe.com to
 * the API stand-in: the page, the CSP and the chunks are the app's own, unchanged.
 *
 * It implements only what our components call (react-stripe-js's `<Elements>` and `<PaymentElement>`
 * in stripe-setup.tsx, `confirmSetup` there): `elements()`, `create('payment')`, `mount`, `on`/`off`,
 * `destroy`, and `confirmSetup({elements})`. The Payment Element is, as Stripe's, a frame of
 * js.stripe.com's origin (its fields are out of the page's reach): the card number or the IBAN is
 * typed there, and the frame itself confirms the SetupIntent at "api.stripe.com" with the publishable
 * key. The API stand-in knows Stripe's test PaymentMethods (`pm_card_visa`…), not card numbers, so the
 * frame sends the test PaymentMethod of the number typed, as Stripe's documentation pairs them
 * (4242 4242 4242 4242 is `pm_card_visa`); a number outside that list is refused as an invalid number.
 * `handleNextAction` (stripe-next-action.tsx, 3-D Secure) and every other method reject: no
 * browser test here reaches them, and a spec that does fails loudly rather than passing on a fake.
 */

const FRAME_PATH = '/endive/stand-in-payment-element.html';

/** The page's script, as https://js.stripe.com/endive/stripe.js (the release @stripe/stripe-js asks for). */
const STRIPE_JS = `(() => {
  const FRAME = 'https://js.stripe.com${FRAME_PATH}';
  const unsupported = (name) => () => Promise.reject(new Error('The Stripe.js stand-in does not implement ' + name));
  function Stripe(key) {
    function elements(options) {
      const made = {};
      return {
        create(type) {
          const listeners = {};
          let frame = null;
          const element = {
            mount(node) {
              const target = typeof node === 'string' ? document.querySelector(node) : node;
              frame = document.createElement('iframe');
              frame.title = 'Secure payment input frame';
              frame.style.cssText = 'border:0;width:100%;height:210px;display:block';
              frame.src = FRAME + '#' + encodeURIComponent(JSON.stringify({ key, clientSecret: options.clientSecret }));
              frame.addEventListener('load', () => (listeners.ready || []).forEach((cb) => cb({ elementType: type })));
              target.appendChild(frame);
            },
            on(event, cb) { (listeners[event] = listeners[event] || []).push(cb); return element; },
            off(event, cb) { listeners[event] = (listeners[event] || []).filter((other) => other !== cb); return element; },
            update() {},
            unmount() { if (frame) frame.remove(); frame = null; },
            destroy() { element.unmount(); },
            ask(message) {
              return new Promise((resolve, reject) => {
                if (!frame) return reject(new Error('The Payment Element is not mounted'));
                const channel = new MessageChannel();
                channel.port1.onmessage = (event) => resolve(event.data);
                frame.contentWindow.postMessage(message, 'https://js.stripe.com', [channel.port2]);
              });
            },
          };
          made[type] = element;
          return element;
        },
        getElement: (type) => made[type] || null,
        update() {},
        submit: () => Promise.resolve({}),
      };
    }
    return {
      elements,
      confirmSetup({ elements }) {
        const element = elements && elements.getElement('payment');
        if (!element) return Promise.reject(new Error('confirmSetup needs the elements of a mounted Payment Element'));
        return element.ask({ type: 'confirmSetup' });
      },
      confirmPayment: unsupported('confirmPayment'),
      handleNextAction: unsupported('handleNextAction'),
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      confirmCardPayment: unsupported('confirmCardPayment'),
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/** The Payment Element's frame: the fields, and the SetupIntent confirmed from here. */
const FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Payment Element (stand-in)</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 0; padding: 2px; color: #30313d }
  label { display: block; margin-bottom: 10px }
  input { display: block; box-sizing: border-box; width: 100%; margin-top: 4px; padding: 8px; border: 1px solid #aaa; border-radius: 5px; font: inherit }
</style></head>
<body><form id="fields" aria-label="Payment details"></form>
<script>
  const { key, clientSecret } = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const intent = clientSecret.split('_secret_')[0];
  // Stripe's test numbers and IBANs, and the test PaymentMethods Stripe's documentation pairs with them.
  const CARDS = {
    '4242424242424242': 'pm_card_visa',
    '5555555555554444': 'pm_card_mastercard',
    '4000002760003184': 'pm_card_authenticationRequired',
    '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000000000000341': 'pm_card_chargeCustomerFail',
    '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  };
  const IBANS = { DE89370400440532013000: 'pm_sepaDebit', AT861904300235473202: 'pm_sepaDebit_fails' };
  const api = (path, init = {}) =>
    fetch('https://api.stripe.com/v1' + path, {
      ...init,
      headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' },
    }).then(async (response) => ({ ok: response.ok, body: await response.json() }));
  const field = (label, name, attributes) =>
    '<label>' + label + '<input name="' + name + '" ' + attributes + '></label>';
  const loaded = api('/setup_intents/' + intent + '?client_secret=' + encodeURIComponent(clientSecret)).then(({ body }) => {
    const types = body.payment_method_types || body.allowed_payment_method_types || ['card'];
    const kind = types.includes('sepa_debit') ? 'sepa_debit' : 'card';
    document.getElementById('fields').innerHTML =
      kind === 'card'
        ? field('Card number', 'number', 'inputmode="numeric" autocomplete="cc-number"') +
          field('Expiration date', 'expiry', 'autocomplete="cc-exp" placeholder="MM / YY"') +
          field('Security code', 'cvc', 'inputmode="numeric" autocomplete="cc-csc"')
        : field('Full name', 'name', 'autocomplete="name"') + field('IBAN', 'iban', 'autocomplete="off"');
    return kind;
  });
  const value = (name) => (document.querySelector('[name="' + name + '"]')?.value ?? '').replace(/\\s/g, '').toUpperCase();
  async function confirmSetup() {
    const kind = await loaded;
    const paymentMethod = kind === 'card' ? CARDS[value('number')] : IBANS[value('iban')];
    if (!paymentMethod)
      return { error: { type: 'validation_error', code: kind === 'card' ? 'invalid_number' : 'invalid_bank_account_iban',
        message: kind === 'card' ? 'Your card number is invalid.' : 'Your IBAN is invalid.' } };
    const form = new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret });
    if (kind === 'sepa_debit') {
      form.set('mandate_data[customer_acceptance][type]', 'online');
      form.set('mandate_data[customer_acceptance][online][ip_address]', '127.0.0.1');
      form.set('mandate_data[customer_acceptance][online][user_agent]', navigator.userAgent);
    }
    const { ok, body } = await api('/setup_intents/' + intent + '/confirm', { method: 'POST', body: form.toString() });
    if (!ok) return { error: body.error };
    if (body.status !== 'succeeded')
      return { error: { type: 'invalid_request_error', message: 'The Stripe.js stand-in does not run 3-D Secure (SetupIntent ' + body.status + ')' } };
    return { setupIntent: body };
  }
  window.addEventListener('message', (event) => {
    if (event.data?.type !== 'confirmSetup' || !event.ports[0]) return;
    const port = event.ports[0];
    confirmSetup().then(
      (answer) => port.postMessage(answer),
      (error) => port.postMessage({ error: { type: 'api_connection_error', message: String(error) } }),
    );
  });
</script></body></html>
`;

/**
 * Serves the stand-in of Stripe.js to every page of `context`, and forwards the browser's calls to
 * api.stripe.com to the local stand-in of Stripe's API at `apiPort` (with the CORS headers Stripe
 * answers with). `apiRequests` records each forwarded call (method, path and body), as the browser sent it.
 */
export async function routeStripe(context: BrowserContext, apiPort: number) {
  const apiRequests: { method: string; path: string; body: string }[] = [];
  await context.route('https://js.stripe.com/**', async (route: Route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/endive/stripe.js') return route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS });
    if (pathname === FRAME_PATH) return route.fulfill({ contentType: 'text/html', body: FRAME_HTML });
    return route.fulfill({ status: 404, body: '' });
  });
  await context.route('https://api.stripe.com/**', async (route: Route) => {
    const request = route.request();
    const cors = {
      'access-control-allow-origin': (await request.headerValue('origin')) ?? '*',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-methods': 'GET, POST',
    };
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const url = new URL(request.url());
    const body = request.postData() ?? '';
    apiRequests.push({ method: request.method(), path: url.pathname, body });
    const answer = await fetch(`http://127.0.0.1:${apiPort}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: {
        authorization: (await request.headerValue('authorization')) ?? '',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: request.method() === 'GET' ? undefined : body,
    });
    return route.fulfill({ status: answer.status, contentType: 'application/json', headers: cors, body: await answer.text() });
  });
  return { apiRequests };
}
