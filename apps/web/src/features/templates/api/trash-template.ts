import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { templateAnswer, templateKeys } from './keys';

/** `DELETE /api/templates/{id}`: to the trash. */
export async function trashTemplate(id: string): Promise<Template> {
  return (await apiSend('DELETE', `/api/templates/${encodeURIComponent(id)}`, undefined, templateAnswer)).data;
}

export function useTrashTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: trashTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }) });
}
