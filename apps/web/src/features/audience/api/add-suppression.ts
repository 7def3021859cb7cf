import { okResponse, suppressionSchema, type Suppression } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useAudienceMutation } from './use-audience-mutation';

const suppressionAnswer = okResponse(suppressionSchema);

/** `POST /api/audience/suppressions`: an address campaigns never mail. */
export async function addSuppression(email: string): Promise<Suppression> {
  return (await apiSend('POST', '/api/audience/suppressions', { email }, suppressionAnswer)).data;
}

export const useAddSuppression = () => useAudienceMutation(addSuppression);
