import { useMutation } from '@tanstack/react-query';
import { contactMessageResultSchema, okResponse, type ContactMessageBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { publicProfilePath } from './get-public-profile';

const sentSchema = okResponse(contactMessageResultSchema);

export type ContactMessageInput = Omit<ContactMessageBody, 'website'> & { website: string };

/** `POST /api/public/link/{alias}/{profileId}/messages`: a visitor's message to the profile's mailbox. */
export async function sendContactMessage(alias: string, profileId: string, body: ContactMessageInput): Promise<void> {
  await apiSend('POST', `${publicProfilePath(alias, profileId)}/messages`, body, sentSchema);
}

export function useSendContactMessage(alias: string, profileId: string) {
  return useMutation({
    mutationKey: ['public-profile', alias, profileId, 'message'],
    mutationFn: (body: ContactMessageInput) => sendContactMessage(alias, profileId, body),
  });
}
