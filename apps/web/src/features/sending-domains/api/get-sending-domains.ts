import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, sendingDomainSchema, type SendingDomain } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { sendingDomainKeys } from './keys';

/** `GET /api/sending-domains`: my domains, each with its DNS records and what the last check found. */
export async function getSendingDomains(): Promise<SendingDomain[]> {
  return (await apiGet('/api/sending-domains', okResponse(z.array(sendingDomainSchema)))).data;
}

export const sendingDomainsQueryOptions = () => queryOptions({ queryKey: sendingDomainKeys.all, queryFn: getSendingDomains });

export const useSendingDomains = () => useQuery(sendingDomainsQueryOptions());
