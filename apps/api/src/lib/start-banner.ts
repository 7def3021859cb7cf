import type { SeededAccount } from '../db/seed.js';

/** The address a person opens: the listening host, or localhost when the server listens on every interface. */
export function openAddress(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${local}:${port}`;
}

/**
 * What the start-up says to the person who ran `npm start`: where to open the app and, on the first
 * start, which accounts to sign in with and where their passwords are (printed just above, once).
 */
export function startBanner(address: string, seeded: { admin: SeededAccount; demo: SeededAccount } | null): string[] {
  const lines = [`Enlaza is ready: open ${address} (API documentation at ${address}/api/docs)`];
  if (seeded) {
    const accounts = Object.values(seeded);
    const where = accounts.some((account) => account.generated)
      ? 'with the passwords printed above (generated on this first start and shown only this once)'
      : 'with the passwords set in the environment';
    lines.push(`Sign in as ${accounts.map((account) => account.email).join(' or ')} ${where}`);
  }
  return lines;
}
