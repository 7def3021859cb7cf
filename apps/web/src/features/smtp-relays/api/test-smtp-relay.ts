import { okResponse, smtpRelayTestSchema, type SmtpRelayTest } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { smtpRelayPath } from './keys';
import { useSmtpRelayMutation } from './use-smtp-relay-mutation';

/** `POST /api/admin/smtp-relays/{id}/test`: whether the server greets us and takes our sign-in, and its words otherwise. */
export async function testSmtpRelay(id: string): Promise<SmtpRelayTest> {
  return (await apiSend('POST', `${smtpRelayPath(id)}/test`, undefined, okResponse(smtpRelayTestSchema))).data;
}

/** One per server's row, so its answer stays beside that server. */
export const useTestSmtpRelay = () => useSmtpRelayMutation('test', testSmtpRelay);
