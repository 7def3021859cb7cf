import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, smtpRelaySchema, type SmtpRelay } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { smtpRelayKeys } from './keys';

/** `GET /api/admin/smtp-relays`: the SMTP servers campaigns are sent through (never their passwords). */
export async function getSmtpRelays(): Promise<SmtpRelay[]> {
  return (await apiGet('/api/admin/smtp-relays', okResponse(z.array(smtpRelaySchema)))).data;
}

export const smtpRelaysQueryOptions = () => queryOptions({ queryKey: smtpRelayKeys.all, queryFn: getSmtpRelays });

export const useSmtpRelays = () => useQuery(smtpRelaysQueryOptions());
