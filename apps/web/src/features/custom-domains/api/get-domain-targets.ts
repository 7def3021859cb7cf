import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileListSchema, type ProfileKind } from '@enlaza/contracts';
import { customDomainKeys } from '@/lib/api/custom-domains';
import { apiGet } from '@/lib/http';

export type DomainTarget = { id: string; name: string; kind: ProfileKind };

/** `GET /api/profiles?kind=card` and `?kind=tag`: the cards and tags a domain can serve (the first 100 of each, by name). */
export async function getDomainTargets(): Promise<DomainTarget[]> {
  const kinds: ProfileKind[] = ['card', 'tag'];
  const pages = await Promise.all(
    kinds.map((kind) => apiGet(`/api/profiles?kind=${kind}&pageSize=100&sort=name&dir=asc`, profileListSchema)),
  );
  return pages.flatMap((page) => page.data.map((p) => ({ id: p.id, name: p.name, kind: p.kind })));
}

export const domainTargetsQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: customDomainKeys.targets, queryFn: getDomainTargets, staleTime: 60_000, enabled });

export const useDomainTargets = (enabled = true) => useQuery(domainTargetsQueryOptions(enabled));
