import type { SeededAccount } from '../db/seed.js';

/** The address a person opens: the listening host, or localhost when the server listens on every interface. */
export function openAddress(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${local}:${port}`;
}

/** This machine's first address on a network (IPv4, not loopback), which a phone on the same network reaches; null when none. */
export function networkAddress(interfaces: Record<string, { address: string; family: string | number; internal: boolean }[] | undefined>) {
  for (const list of Object.values(interfaces))
    for (const entry of list ?? []) if ((entry.family === 'IPv4' || entry.family === 4) && !entry.internal) return entry.address;
  return null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export type BannerOptions = {
  /** PUBLIC_URL: the base of the cards' links and QR codes and of the links in emails. */
  publicUrl: string;
  /** The seeded demo user's card (its short link), shown on the first start. */
  demoCard: string;
  /** No SMTP server: emails go to the log. */
  emailsInLog: boolean;
  /** This machine's address on its network (networkAddress), for the PUBLIC_URL a phone can open. */
  lanAddress: string | null;
  port: number;
};

/**
 * What the start-up says to the person who ran `npm start`: where to open the app and, on the first
 * start, which accounts to sign in with and where their passwords are (printed just above, once),
 * the demo card's link (and how to make it reachable from a phone), and, without SMTP, where the
 * emails' links go. One line each, so each reads on its own in the log.
 */
export function startBanner(
  address: string,
  seeded: { admin: SeededAccount; demo: SeededAccount } | null,
  options: BannerOptions,
): string[] {
  const lines = [`Enlaza is ready: open ${address} (API documentation at ${address}/api/docs)`];
  if (seeded) {
    const accounts = Object.values(seeded);
    const where = accounts.some((account) => account.generated)
      ? 'with the passwords printed above (generated on this first start and shown only this once)'
      : 'with the passwords set in the environment';
    lines.push(`Sign in as ${accounts.map((account) => account.email).join(' or ')} ${where}`);
    lines.push(`The demo card: ${options.demoCard}`);
    if (LOOPBACK.has(new URL(options.publicUrl).hostname) && options.lanAddress)
      lines.push(
        `To open cards and their QR codes from a phone on this network, start with PUBLIC_URL=http://${options.lanAddress}:${options.port}`,
      );
  }
  if (options.emailsInLog)
    lines.push(
      'No SMTP server (SMTP_HOST): emails are written to this log, each link in them (such as a verification link) on a line of its own',
    );
  return lines;
}

/** The lines that show an email's links when it is written to the log (no SMTP): one link a line, readable at a terminal. */
export function loggedEmailLinks(email: { to: string; subject: string; text: string }): string[] {
  // A sentence's full stop after a link is not part of it.
  const links = [...new Set((email.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((link) => link.replace(/[.,;:!?]+$/, '')))];
  return links.map((link) => `link in the email to ${email.to} (${email.subject}): ${link}`);
}
