import { customDomainSchema, okResponse } from '@enlaza/contracts';

/** The answer that holds one domain. */
export const customDomainAnswer = okResponse(customDomainSchema);

/** A domain's path. */
export const customDomainPath = (id: string) => `/api/custom-domains/${encodeURIComponent(id)}`;
