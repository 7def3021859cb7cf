import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers, worked out once at start-up. Our policy has no per-request part (no
 * nonces: the server pages use hashes), so every answer carries the same headers; the Fastify plugin
 * rebuilt the whole policy on every request instead (parsing the CSP each time: about 4 % of the
 * CPU of a `GET /api/user` in a profile of the campaign benchmark).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: Error | undefined;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error('helmet refused the security header options');
  });
  if (failure) throw failure;
  return headers;
}

export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), display-capture=()';

/**
 * What a payment provider's component in the browser needs the CSP to open. Stripe.js and its
 * Payment Element (Stripe's documented CSP: the script and its frames from js.stripe.com, 3-D Secure
 * frames from hooks.stripe.com, calls to api.stripe.com). The sandbox's component is ours: nothing.
 * The web app loads Stripe.js only when the operator chose Stripe, so no other setup asks these hosts.
 * Redsys' payment page is reached by posting its signed form (top level): its origin in `form-action`.
 */
export function paymentProviderSources(
  provider: string,
  redsysPage?: string,
): { script: string[]; frame: string[]; connect: string[]; form: string[] } {
  // Redsys' page is a top-level form post (the signed redirect form): only `form-action` opens its origin.
  if (provider === 'redsys' && redsysPage) return { script: [], frame: [], connect: [], form: [new URL(redsysPage).origin] };
  if (provider !== 'stripe') return { script: [], frame: [], connect: [], form: [] };
  return {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
    form: [],
  };
}

/**
 * The app's headers on every answer: its CSP and permissions policy. The phone input asks the app's
 * own country lookup (a path); only an operator's choice of an outside service (a URL) opens its origin,
 * and so does the payment provider the operator chose (`paymentProviderSources`).
 */
export function appSecurityHeaders(countryLookupUrl: string, paymentProvider = 'sandbox', redsysPage?: string): Record<string, string> {
  const lookupOrigin = countryLookupUrl.startsWith('/') ? [] : [new URL(countryLookupUrl).origin];
  const provider = paymentProviderSources(paymentProvider, redsysPage);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...provider.script],
        ...(provider.frame.length ? { frameSrc: provider.frame } : {}),
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...lookupOrigin, ...provider.connect],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...provider.form],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same as `frame-ancestors 'none'`, for browsers that read only X-Frame-Options.
    frameguard: { action: 'deny' },
  });
  // Powerful features the app never uses are off; geolocation only for this origin (the public page of a lost tag).
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}
