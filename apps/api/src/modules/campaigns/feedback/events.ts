/**
 * What the world says about a campaign email after it left: a bounce that came back later (a DSN
 * to the inbound listener, a mail provider's webhook) or a recipient's complaint ("this is spam",
 * a feedback-loop report). Every source is read into these events; `campaigns.recordFeedback`
 * applies them (the row, the suppression list, the complaint-rate watch).
 */
export type FeedbackEvent = {
  /** The recipient's address (any case; compared lower-cased). */
  email: string;
  type: 'bounce' | 'complaint';
  /** A bounce's kind: `hard` (the address is wrong: suppressed at once) or `soft` (this message was refused). */
  bounce?: 'hard' | 'soft';
  /** Our Message-ID (`<recipient-id@domain>`, brackets optional) when the report quotes it. */
  messageId?: string;
  /** The remote server's or the provider's words, kept on the recipient's row (cut to 300 characters). */
  detail?: string;
};

/** A provider's request as its verifier sees it: the body as received (signatures cover the bytes) and the headers. */
export type WebhookRequest = { rawBody: string; headers: Record<string, string | string[] | undefined> };

/** The readers every provider's payload is picked apart with (JSON of unknown shape). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const textOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A header's single value (Node lower-cases names; a repeated header is refused). */
export function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
}
