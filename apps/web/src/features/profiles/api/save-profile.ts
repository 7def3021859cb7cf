import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileInput } from '@enlaza/contracts';
import { mailboxKeys } from '@/lib/api/mailbox-keys';
import { profileKeys } from '@/lib/api/profile-keys';
import { apiSend } from '@/lib/http';
import { profileAnswer } from './keys';

/** `POST /api/profiles` (no id) or `PUT /api/profiles/{id}`: create or replace a card or tag. */
export async function saveProfile({ id, body }: { id: string | null; body: ProfileInput }): Promise<Profile> {
  const path = id ? `/api/profiles/${encodeURIComponent(id)}` : '/api/profiles';
  return (await apiSend(id ? 'PUT' : 'POST', path, body, profileAnswer)).data;
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.one(saved.id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        // The mailbox's picker lists the names: creating or renaming changes it.
        queryClient.invalidateQueries({ queryKey: mailboxKeys.profiles }),
      ]);
    },
  });
}
