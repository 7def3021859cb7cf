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

/** The app's headers on every answer: its CSP (the phone input may reach the country lookup) and permissions policy. */
export function appSecurityHeaders(countryLookupUrl: string): Record<string, string> {
  const lookupOrigin = new URL(countryLookupUrl).origin;
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", lookupOrigin],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
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
