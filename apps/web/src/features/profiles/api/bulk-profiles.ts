import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, type bulkProfilesBodySchema, type ProfileKind } from '@enlaza/contracts';
import { z } from 'zod';
import { mailboxKeys } from '@/lib/api/mailbox-keys';
import { profileKeys } from '@/lib/api/profile-keys';
import { apiSend } from '@/lib/http';
import { collectionKeys } from './keys';

export type BulkBody = z.input<typeof bulkProfilesBodySchema>;

/** `POST /api/profiles/bulk?kind=`: move to a folder, add or remove a label, or trash several at once. */
export async function bulkProfiles(kind: ProfileKind, body: BulkBody): Promise<{ affected: number }> {
  return (await apiSend('POST', `/api/profiles/bulk?kind=${kind}`, body, okResponse(z.object({ affected: z.number() })))).data;
}

/** Folders and labels recount after it. */
export function useBulkProfiles(kind: ProfileKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBody) => bulkProfiles(kind, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
        // Trashed ones leave the mailbox's picker.
        queryClient.invalidateQueries({ queryKey: mailboxKeys.profiles }),
      ]),
  });
}
