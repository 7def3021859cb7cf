import type { BrowserContext, Route } from '@playwright/test';
import type { StripeStandIn } from '../../../apps/api/test/helpers/stripe-stand-in';

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
 * It implements only what our components call: react-stripe-js's `<Elements>` and `<PaymentElement>`
 * (`elements()`, `create('payment')`, `mount`, `on`/`off`, `destroy`) and `confirmSetup({elements})`
 * in stripe-setup.tsx, `handleNextAction({clientSecret})` in stripe-next-action.tsx. `confirmPayment`
 * and every other method reject: the app never calls them (a payment is confirmed by our server),
 * and a test that reached one would fail loudly rather than pass on a fake.
 *
 * - The Payment Element is, as Stripe's, a frame of js.stripe.com's origin (its fields are out of the
 *   page's reach): the card number or the IBAN is typed there, and the frame itself confirms the
 *   SetupIntent at "api.stripe.com" with the publishable key. The API stand-in knows Stripe's test
 *   PaymentMethods (`pm_card_visa`…), not numbers, so the frame sends the test PaymentMethod that
 *   Stripe's documentation pairs with the number typed (4242 4242 4242 4242 is `pm_card_visa`); any
 *   other number is refused as invalid.
 * - 3-D Secure (an intent in `requires_action`, on a setup or from `handleNextAction`): a modal frame
 *   of hooks.stripe.com over the page with the issuer's test page ("Complete authentication" / "Fail
 *   authentication"); its answer goes to the API stand-in (`authenticate`), and Stripe.js then reads
 *   the intent again with the publishable key and its client secret, as Stripe.js does.
 */

const FRAME_PATH = '/endive/stand-in-payment-element.html';
/** The issuer's 3-D Secure page (hooks.stripe.com): `${CHALLENGE_PATH}/<intent id>`. */
const CHALLENGE_PATH = '/stand-in/3d_secure';

/** The issuer's page, as Stripe's test mode shows it: complete or fail the authentication on purpose. */
const challengePage = (intent: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure test page (stand-in)</title></head>
<body style="font: 14px system-ui, sans-serif; padding: 16px">
<h1 style="font-size: 18px">3D Secure 2 test page</h1>
<p>Complete or fail this test authentication of ${intent}.</p>
<form method="post" action="${CHALLENGE_PATH}/${intent}">
<button name="result" value="pass">Complete authentication</button>
<button name="result" value="fail">Fail authentication</button>
</form></body></html>`;

/** Answered once the issuer's page was passed or failed: tells Stripe.js in the page to close its modal. */
const CHALLENGE_DONE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Done</title></head><body>
<script>window.parent.postMessage({ type: 'challenge-done' }, '*');</script></body></html>`;

/** The page's script, as https://js.stripe.com/endive/stripe.js (the release @stripe/stripe-js asks for). */
const STRIPE_JS = `(() => {
  const FRAME = 'https://js.stripe.com${FRAME_PATH}';
  const unsupported = (name) => () => Promise.reject(new Error('The Stripe.js stand-in does not implement ' + name));
  /** Stripe's 3-D Secure modal: the issuer's page in a frame of hooks.stripe.com over the page, until it is done. */
  function challenge(intent) {
    return new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.title = '3D Secure authentication';
      frame.src = 'https://hooks.stripe.com${CHALLENGE_PATH}/' + intent;
      frame.style.cssText = 'position:fixed;top:10vh;left:10vw;width:80vw;height:60vh;z-index:2147483647;background:#fff;border:1px solid #888';
      const done = (event) => {
        if (event.origin !== 'https://hooks.stripe.com' || !event.data || event.data.type !== 'challenge-done') return;
        window.removeEventListener('message', done);
        frame.remove();
        resolve();
      };
      window.addEventListener('message', done);
      document.body.appendChild(frame);
    });
  }
  function Stripe(key) {
    const read = (kind, clientSecret) =>
      fetch('https://api.stripe.com/v1/' + kind + '/' + clientSecret.split('_secret_')[0] + '?client_secret=' + encodeURIComponent(clientSecret), {
        headers: { authorization: 'Bearer ' + key },
      }).then(async (response) => ({ ok: response.ok, body: await response.json() }));
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
      async confirmSetup({ elements }) {
        const element = elements && elements.getElement('payment');
        if (!element) throw new Error('confirmSetup needs the elements of a mounted Payment Element');
        const answer = await element.ask({ type: 'confirmSetup' });
        if (!answer.setupIntent || answer.setupIntent.status !== 'requires_action') return answer;
        // The card's issuer asks for 3-D Secure on the setup: the modal, then the SetupIntent as it is now.
        await challenge(answer.setupIntent.id);
        const { ok, body } = await read('setup_intents', answer.setupIntent.client_secret);
        if (!ok) return { error: body.error };
        return body.status === 'succeeded'
          ? { setupIntent: body }
          : { error: { type: 'card_error', code: 'setup_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' } };
      },
      async handleNextAction({ clientSecret }) {
        await challenge(clientSecret.split('_secret_')[0]);
        const { ok, body } = await read('payment_intents', clientSecret);
        return ok ? { paymentIntent: body } : { error: body.error };
      },
      confirmPayment: unsupported('confirmPayment'),
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
    return ok ? { setupIntent: body } : { error: body.error };
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
 * answers with). `apiRequests` records each forwarded call as the browser sent it (method, path, body) and the stand-in's status.
 */
export async function routeStripe(context: BrowserContext, standIn: Pick<StripeStandIn, 'port' | 'authenticate'>) {
  const apiPort = standIn.port;
  const apiRequests: { method: string; path: string; body: string; status: number }[] = [];
  // The issuer's page: its answer is given to the API stand-in, which then completes (or fails) the intent.
  await context.route(`https://hooks.stripe.com${CHALLENGE_PATH}/*`, async (route: Route) => {
    const request = route.request();
    const intent = new URL(request.url()).pathname.split('/').pop()!;
    if (!/^(pi|seti)_[0-9a-f]+$/.test(intent)) return route.fulfill({ status: 404, body: '' });
    if (request.method() === 'GET') return route.fulfill({ contentType: 'text/html', body: challengePage(intent) });
    standIn.authenticate(intent, new URLSearchParams(request.postData() ?? '').get('result') === 'pass' ? 'pass' : 'fail');
    return route.fulfill({ contentType: 'text/html', body: CHALLENGE_DONE });
  });
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
    const answer = await fetch(`http://127.0.0.1:${apiPort}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: {
        authorization: (await request.headerValue('authorization')) ?? '',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: request.method() === 'GET' ? undefined : body,
    });
    apiRequests.push({ method: request.method(), path: url.pathname, body, status: answer.status });
    return route.fulfill({ status: answer.status, contentType: 'application/json', headers: cors, body: await answer.text() });
  });
  return { apiRequests };
}
