import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationSchema, okResponse, type Automation } from '@enlaza/contracts';
import { z } from 'zod';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

const automationsAnswer = okResponse(z.array(automationSchema));

/** `GET /api/automations`: my automations (an engagement condition can name one of their steps' emails). */
export async function getAutomationEmails(): Promise<Automation[]> {
  return (await apiGet('/api/automations', automationsAnswer)).data;
}

export const automationEmailsQueryOptions = () => queryOptions({ queryKey: audienceKeys.automationEmails, queryFn: getAutomationEmails });

export const useAutomationEmails = () => useQuery(automationEmailsQueryOptions());
