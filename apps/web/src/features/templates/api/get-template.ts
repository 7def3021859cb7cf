import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Template } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { templateAnswer, templateKeys } from './keys';

/** `GET /api/templates/{id}`. */
export async function getTemplate(id: string): Promise<Template> {
  return (await apiGet(`/api/templates/${encodeURIComponent(id)}`, templateAnswer)).data;
}

export const templateQueryOptions = (id: string) => queryOptions({ queryKey: templateKeys.one(id), queryFn: () => getTemplate(id) });

export const useTemplate = (id: string | null) => useQuery({ ...templateQueryOptions(id ?? ''), enabled: Boolean(id) });
