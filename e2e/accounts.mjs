import { fileURLToPath } from 'node:url';

// The seeded accounts and port of the e2e server, shared by start-server.mjs and the specs.
// E2E_PORT lets several checkouts run the suite side by side on one machine (the mailbox takes the next port).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Emails the API sent during the run: GET `${E2E_MAILBOX_URL}/messages?to=<email>`. */
export const E2E_MAILBOX_PORT = E2E_PORT + 1;
export const E2E_MAILBOX_URL = `http://127.0.0.1:${E2E_MAILBOX_PORT}`;
/**
 * The payment providers' specs (stripe.spec.ts, redsys.spec.ts) start a server of their own, with
 * that provider pointed at a local stand-in, on these ports (each with its mailbox on the next one).
 */
export const E2E_STRIPE_PORT = E2E_PORT + 4;
export const E2E_REDSYS_PORT = E2E_PORT + 6;

export const E2E_ACCOUNTS = {
  admin: { email: 'admin@e2e.enlaza.test', password: 'Admin-e2e-Passw0rd!', name: 'Admin' },
  user: { email: 'demo@e2e.enlaza.test', password: 'Demo-e2e-Passw0rd!', name: 'Demo User' },
};

// The visual comparisons' own server (e2e/visual): a fresh embedded database that only they use, on a
// clock that starts at VISUAL_CLOCK and moves a millisecond per reading (start-server.mjs), so every
// date, order and number on the screens is the same in every run. Its mailbox takes the port after it.
export const E2E_VISUAL_PORT = E2E_PORT + 2;
export const E2E_VISUAL_URL = `http://127.0.0.1:${E2E_VISUAL_PORT}`;
/** When the visual server's clock starts (UTC), and the browser's fixed time a few hours later. */
export const VISUAL_CLOCK = '2031-03-14T09:00:00Z';
/**
 * The visual server's clock, as libfaketime reads it (FAKETIME_TIMESTAMP_FILE): "@<start> i0.001",
 * start there and add a millisecond at each reading. The seed rewrites it (seed.setup.ts).
 */
export const fakeClockFile = (port = E2E_VISUAL_PORT) => fileURLToPath(new URL(`.artifacts/faketime-${port}.rc`, import.meta.url));
/** @param {Date} start */
export const fakeTimeSpec = (start) => `@${start.toISOString().slice(0, 19).replace('T', ' ')} i0.001\n`;
export const VISUAL_BROWSER_TIME = '2031-03-14T12:00:00Z';
