import { useMutation } from '@tanstack/react-query';
import { okResponse, registerResultSchema, type RegisterBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

const registerResponseSchema = okResponse(registerResultSchema);

/** `POST /api/register`: creates the account and emails the verification link. */
export async function register(body: RegisterBody): Promise<{ email: string }> {
  return (await apiSend('POST', '/api/register', body, registerResponseSchema)).data;
}

export function useRegister() {
  return useMutation({ mutationKey: ['register'], mutationFn: register });
}
