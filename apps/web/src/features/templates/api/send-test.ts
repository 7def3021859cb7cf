import { useMutation } from '@tanstack/react-query';
import { okResponse, templateTestSendSchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

/** `POST /api/templates/{id}/test`: the saved template to my own address. */
export const sendTest = async (id: string) =>
  (await apiSend('POST', `/api/templates/${encodeURIComponent(id)}/test`, undefined, okResponse(templateTestSendSchema))).data;

export const useSendTest = () => useMutation({ mutationFn: sendTest });
