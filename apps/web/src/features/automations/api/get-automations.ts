import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationSchema, okResponse, type Automation } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { automationKeys } from './keys';

const listAnswer = okResponse(z.array(automationSchema));

/** `GET /api/automations`: my automations. */
export async function getAutomations(): Promise<Automation[]> {
  return (await apiGet('/api/automations', listAnswer)).data;
}

export const automationsQueryOptions = () => queryOptions({ queryKey: automationKeys.all, queryFn: getAutomations });

export const useAutomations = () => useQuery(automationsQueryOptions());
