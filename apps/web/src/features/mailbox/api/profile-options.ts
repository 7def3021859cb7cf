import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileListSchema, type ProfileKind } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { mailboxKeys } from '@/lib/api/mailbox-keys';

export type MailboxProfile = { id: string; name: string; kind: ProfileKind };

/** `GET /api/profiles?kind=card` and `?kind=tag`: the cards and tags whose mailbox can be opened (the first 100 of each). */
export async function getMailboxProfiles(): Promise<MailboxProfile[]> {
  const kinds: ProfileKind[] = ['card', 'tag'];
  const pages = await Promise.all(
    kinds.map((kind) => apiGet(`/api/profiles?kind=${kind}&pageSize=100&sort=name&dir=asc`, profileListSchema)),
  );
  return pages.flatMap((page) => page.data.map((p) => ({ id: p.id, name: p.name, kind: p.kind })));
}

export const mailboxProfilesQueryOptions = () =>
  queryOptions({ queryKey: mailboxKeys.profiles, queryFn: getMailboxProfiles, staleTime: 60_000 });

export function useMailboxProfiles() {
  return useQuery(mailboxProfilesQueryOptions());
}
