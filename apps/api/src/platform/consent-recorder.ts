import type { Locale } from '@enlaza/contracts';
import type { Transaction } from '../db/client.js';

/** A consent given now, as its source records it. */
export type GivenConsent = {
  userId: string;
  email: string;
  source: 'form' | 'import';
  messageId?: string;
  contactId?: string;
  /** The public page's address, or the imported list's name. */
  origin: string;
  /** The exact words the person (or, for an import, the owner) agreed to. */
  text: string;
  locale: Locale;
};

/**
 * What the contact form needs of consents (Services.consents, made by the audience module, which
 * reads the mailbox's messages and so is not imported by it): records a ticked consent with its
 * proof in the message's transaction (`name`: the owner's, read before it) and answers whether a
 * confirmation email was asked for.
 */
export type ConsentRecorder = {
  fromForm(tx: Transaction, given: GivenConsent, name: string): Promise<{ confirmation: boolean }>;
  /** Whether the owner asks for confirmation by email (what a form with consent answers, also to a filled honeypot). */
  asksConfirmation(userId: string): Promise<boolean>;
};
