import { okResponse, sendingDomainSchema } from '@enlaza/contracts';

/** Query keys of my sending domains: `all` is also the list's. */
export const sendingDomainKeys = {
  all: ['sending-domains'] as const,
};

/** The answer that holds one domain. */
export const sendingDomainAnswer = okResponse(sendingDomainSchema);

/** A domain's path. */
export const sendingDomainPath = (id: string) => `/api/sending-domains/${encodeURIComponent(id)}`;
