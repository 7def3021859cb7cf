import { okResponse, smtpRelaySchema } from '@enlaza/contracts';

/** Query keys of the platform's SMTP servers: `all` is also the list's. */
export const smtpRelayKeys = {
  all: ['admin', 'smtp-relays'] as const,
};

/** The answer that holds one server. */
export const smtpRelayAnswer = okResponse(smtpRelaySchema);

/** A server's path. */
export const smtpRelayPath = (id: string) => `/api/admin/smtp-relays/${encodeURIComponent(id)}`;
