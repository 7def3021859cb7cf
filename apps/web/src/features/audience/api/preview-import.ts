import { useMutation } from '@tanstack/react-query';
import { contactImportPreviewSchema, okResponse, type ContactImportPreview } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

const previewAnswer = okResponse(contactImportPreviewSchema);

/** `POST /api/audience/lists/preview`: what a CSV would import (its columns and first rows); nothing is stored. */
export async function previewImport(csv: string): Promise<ContactImportPreview> {
  return (await apiSend('POST', '/api/audience/lists/preview', { csv }, previewAnswer)).data;
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
