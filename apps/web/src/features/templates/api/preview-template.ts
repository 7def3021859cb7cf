import { okResponse, templatePreviewSchema, type TemplatePreviewBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

/** `POST /api/templates/preview`: the server renders the editor's current content with sample values. */
export const previewTemplate = async (body: TemplatePreviewBody) =>
  (await apiSend('POST', '/api/templates/preview', body, okResponse(templatePreviewSchema))).data;
