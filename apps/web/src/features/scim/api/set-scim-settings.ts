import { okResponse, type ScimCardChoice } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { useScimMutation } from './use-scim-mutation';

/** `PUT /api/team/scim/settings`: what deactivating a member through SCIM does with their card. */
export async function setScimCardChoice(cardOnDeactivation: ScimCardChoice): Promise<void> {
  await apiSend('PUT', '/api/team/scim/settings', { cardOnDeactivation }, okResponse(z.object({})));
}

export const useSetScimCardChoice = () => useScimMutation('settings', setScimCardChoice);
