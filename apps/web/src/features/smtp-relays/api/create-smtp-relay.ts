import type { SmtpRelay, SmtpRelayBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { smtpRelayAnswer } from './keys';
import { useSmtpRelayMutation } from './use-smtp-relay-mutation';

/** `POST /api/admin/smtp-relays` (may ask for a fresh proof first: the http client handles it). */
export async function createSmtpRelay(body: SmtpRelayBody): Promise<SmtpRelay> {
  return (await apiSend('POST', '/api/admin/smtp-relays', body, smtpRelayAnswer)).data;
}

export const useCreateSmtpRelay = () => useSmtpRelayMutation('create', createSmtpRelay);
