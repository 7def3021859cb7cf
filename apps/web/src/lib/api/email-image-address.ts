import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '../http';

/** `POST /api/files/{id}/email-address`: the public address of one of my images, for an email template. */
export const emailImageAddress = async (id: string) =>
  (await apiSend('POST', `/api/files/${encodeURIComponent(id)}/email-address`, undefined, okResponse(z.object({ url: z.string() })))).data;
