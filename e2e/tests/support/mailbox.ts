import { E2E_BASE_URL, E2E_MAILBOX_URL } from '../../accounts.mjs';

export interface ReceivedEmail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Files attached (name, type, bytes as base64). */
  attachments: { filename: string; contentType: string; base64: string }[];
  receivedAt: string;
}

/** `mailbox`: another server's (the visual comparisons' has its own). */
export async function emailsTo(address: string, mailbox = E2E_MAILBOX_URL): Promise<ReceivedEmail[]> {
  const response = await fetch(`${mailbox}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as ReceivedEmail[];
}

/**
 * Waits for an email to `address` received after the one with id `after` whose text contains a link
 * starting with `linkPrefix`; answers that link. A plain loop rather than `expect.poll`: the fixtures
 * also make users between tests, outside any test.
 */
export async function waitForLink(
  address: string,
  linkPrefix: string,
  options: { after?: number; timeout?: number; mailbox?: string } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeout ?? 15_000);
  for (;;) {
    const emails = (await emailsTo(address, options.mailbox)).filter((email) => email.id > (options.after ?? 0));
    for (const email of emails.reverse()) {
      const found = email.text.split(/\s+/).find((word) => word.startsWith(linkPrefix));
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no email to ${address} with a link starting with ${linkPrefix}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The id of the newest email to `address` (0 when none), to wait for later ones only. */
export async function lastEmailId(address: string): Promise<number> {
  const emails = await emailsTo(address);
  return emails.reduce((max, email) => Math.max(max, email.id), 0);
}

/**
 * The confirmation link a visitor was emailed when they agreed to hear from an owner who confirms
 * consents by email (double opt-in); `server`: another server's address and mailbox.
 */
export function consentLink(address: string, server: { url: string; mailbox: string } = { url: E2E_BASE_URL, mailbox: E2E_MAILBOX_URL }) {
  return waitForLink(address, `${server.url}/confirmar/`, { mailbox: server.mailbox, timeout: 30_000 });
}

/** The visitor confirms their consent: the confirmation page's button (a POST to its link). */
export async function confirmConsent(address: string): Promise<void> {
  const response = await fetch(await consentLink(address), { method: 'POST' });
  if (!response.ok) throw new Error(`confirming the consent of ${address} answered ${response.status}`);
}
