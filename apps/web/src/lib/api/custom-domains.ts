import { queryOptions, useQuery } from '@tanstack/react-query';
import { customDomainListSchema, okResponse, type CustomDomain, type CustomDomainList } from '@enlaza/contracts';
import { apiGet } from '../http';

/**
 * Query keys of my custom domains. In lib, not in the custom-domains feature, because the share
 * panels of cards and of the team directory read the same list for a verified domain's address.
 */
export const customDomainKeys = {
  all: ['custom-domains'] as const,
  /** The cards and tags a new domain can serve (names only): not under `all`, a domain's change leaves them. */
  targets: ['custom-domain-targets'] as const,
};

/** `GET /api/custom-domains`: my domains, each with its DNS records, and how many my plan allows. */
export async function getCustomDomains(): Promise<CustomDomainList> {
  return (await apiGet('/api/custom-domains', okResponse(customDomainListSchema))).data;
}

export const customDomainsQueryOptions = () =>
  queryOptions({ queryKey: customDomainKeys.all, queryFn: getCustomDomains, staleTime: 60_000 });

export const useCustomDomains = (enabled = true) => useQuery({ ...customDomainsQueryOptions(), enabled });

/** The verified domain that serves this target, if any. */
export const servingDomain = (list: CustomDomainList | undefined, kind: CustomDomain['target']['kind'], id: string) =>
  list?.domains.find((d) => d.status === 'verified' && d.target.kind === kind && d.target.id === id);

/**
 * The address to share for a card or tag (or a team's directory): its verified custom domain's
 * `url` when it has one, else `fallback` (PUBLIC_URL and its path). Until the list has come, or when
 * it could not be read, the fallback. One query for the whole screen, kept a minute.
 */
export function useShareUrl(kind: CustomDomain['target']['kind'], id: string, fallback: string, enabled = true): string {
  const query = useCustomDomains(enabled);
  return (enabled ? servingDomain(query.data, kind, id)?.url : undefined) ?? fallback;
}
