import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { smtpRelayPath } from './keys';
import { useSmtpRelayMutation } from './use-smtp-relay-mutation';

/** `DELETE /api/admin/smtp-relays/{id}`: sends move to the other enabled servers (or the settings' server when none is left). */
export async function deleteSmtpRelay(id: string): Promise<void> {
  await apiSend('DELETE', smtpRelayPath(id), undefined, okResponse(z.object({})));
}

export const useDeleteSmtpRelay = () => useSmtpRelayMutation('delete', deleteSmtpRelay);
