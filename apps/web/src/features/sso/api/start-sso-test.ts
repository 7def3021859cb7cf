import { useMutation } from '@tanstack/react-query';
import { okResponse, ssoRedirectSchema } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';

/** `POST /api/team/sso/test`: where to go for a test sign-in, and its id (the page shows its result when the provider sends the browser back). */
export async function startSsoTest(): Promise<{ url: string; id: string }> {
  return (await apiSend('POST', '/api/team/sso/test', undefined, okResponse(ssoRedirectSchema.extend({ id: z.string() })))).data;
}

export const useStartSsoTest = () => useMutation({ mutationKey: ['team', 'sso', 'test'], mutationFn: startSsoTest });
