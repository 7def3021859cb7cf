import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Automation } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { automationAnswer, automationKeys, automationPath } from './keys';

/** `GET /api/automations/{id}`: its trigger, steps with their figures, and people. */
export async function getAutomation(id: string): Promise<Automation> {
  return (await apiGet(automationPath(id), automationAnswer)).data;
}

export const automationQueryOptions = (id: string) => queryOptions({ queryKey: automationKeys.one(id), queryFn: () => getAutomation(id) });

export const useAutomation = (id: string) => useQuery(automationQueryOptions(id));
