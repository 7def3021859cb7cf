import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template, TemplateInput } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { templateAnswer, templateKeys } from './keys';

/** `POST /api/templates` (a new one) or `PUT /api/templates/{id}`. */
export async function saveTemplate({ id, input }: { id: string | null; input: TemplateInput }): Promise<Template> {
  const path = id ? `/api/templates/${encodeURIComponent(id)}` : '/api/templates';
  return (await apiSend(id ? 'PUT' : 'POST', path, input, templateAnswer)).data;
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }) });
}
