import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  okResponse,
  profileListSchema,
  profileSchema,
  type bulkProfilesBodySchema,
  type Profile,
  type ProfileInput,
  type ProfileKind,
  type ProfileListQuery,
} from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { mailboxKeys } from '@/lib/api/mailbox-keys';
import { profileKeys } from '@/lib/api/profile-keys';
import { collectionKeys } from './collections';

const oneSchema = okResponse(profileSchema);
const bulkSchema = okResponse(z.object({ affected: z.number() }));
export type BulkBody = z.input<typeof bulkProfilesBodySchema>;
export type ProfileListParams = Partial<ProfileListQuery> & { kind: ProfileKind };

/** Query string of the set values only. */
function toQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** One page of my cards or tags, with the total for the pager. */
export function useProfileList(query: ProfileListParams) {
  return useQuery(
    queryOptions({
      queryKey: profileKeys.list(query),
      queryFn: () => apiGet(`/api/profiles?${toQueryString(query)}`, profileListSchema),
      placeholderData: keepPreviousData,
    }),
  );
}

export function profileQueryOptions(id: string) {
  return queryOptions({
    queryKey: profileKeys.one(id),
    queryFn: async () => (await apiGet(`/api/profiles/${encodeURIComponent(id)}`, oneSchema)).data,
  });
}

/** One of my cards or tags (404 when it is not mine). */
export function useProfile(id: string | null) {
  return useQuery({ ...profileQueryOptions(id ?? ''), enabled: id !== null });
}

/** Create (no id) or replace a card or tag. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ProfileInput }): Promise<Profile> =>
      id
        ? (await apiSend('PUT', `/api/profiles/${encodeURIComponent(id)}`, body, oneSchema)).data
        : (await apiSend('POST', '/api/profiles', body, oneSchema)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryOptions(saved.id).queryKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        // The mailbox's picker lists the names: creating or renaming changes it.
        queryClient.invalidateQueries({ queryKey: mailboxKeys.profiles }),
      ]);
    },
  });
}

/** Move to a folder, add or remove a label, or trash several at once. Folders and labels recount. */
export function useBulkProfiles(kind: ProfileKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkBody) => (await apiSend('POST', `/api/profiles/bulk?kind=${kind}`, body, bulkSchema)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
        // Trashed ones leave the mailbox's picker.
        queryClient.invalidateQueries({ queryKey: mailboxKeys.profiles }),
      ]),
  });
}
