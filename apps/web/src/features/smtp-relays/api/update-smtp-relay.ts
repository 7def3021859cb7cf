import type { SmtpRelay, UpdateSmtpRelayBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { smtpRelayAnswer, smtpRelayPath } from './keys';
import { useSmtpRelayMutation } from './use-smtp-relay-mutation';

/** `PATCH /api/admin/smtp-relays/{id}`: the fields sent change; `password` left out keeps the saved one, '' removes it. */
export async function updateSmtpRelay({ id, body }: { id: string; body: UpdateSmtpRelayBody }): Promise<SmtpRelay> {
  return (await apiSend('PATCH', smtpRelayPath(id), body, smtpRelayAnswer)).data;
}

export const useUpdateSmtpRelay = () => useSmtpRelayMutation('update', updateSmtpRelay);
