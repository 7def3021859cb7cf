import { consentSettingsSchema, okResponse, type ConsentSettings, type ConsentSettingsBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useAudienceMutation } from './use-audience-mutation';

const settingsAnswer = okResponse(consentSettingsSchema);

/** `PUT /api/audience/consent`: saves how I take consents. */
export async function saveConsentSettings(body: ConsentSettingsBody): Promise<ConsentSettings> {
  return (await apiSend('PUT', '/api/audience/consent', body, settingsAnswer)).data;
}

export const useSaveConsentSettings = () => useAudienceMutation(saveConsentSettings);
