import { queryOptions, useQuery } from '@tanstack/react-query';
import { consentSettingsSchema, okResponse, type ConsentSettings } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

const settingsAnswer = okResponse(consentSettingsSchema);

/** `GET /api/audience/consent`: how I take consents (double opt-in, my texts, the days one waits). */
export async function getConsentSettings(): Promise<ConsentSettings> {
  return (await apiGet('/api/audience/consent', settingsAnswer)).data;
}

export const consentSettingsQueryOptions = () => queryOptions({ queryKey: audienceKeys.consent, queryFn: getConsentSettings });

export const useConsentSettings = () => useQuery(consentSettingsQueryOptions());
