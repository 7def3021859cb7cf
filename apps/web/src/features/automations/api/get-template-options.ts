import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignTemplateOptionSchema, okResponse, type CampaignTemplateOption } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { automationKeys } from './keys';

/** `GET /api/campaigns/templates`: the templates a step can send (the campaign form's). */
export async function getTemplateOptions(): Promise<CampaignTemplateOption[]> {
  return (await apiGet('/api/campaigns/templates', okResponse(z.array(campaignTemplateOptionSchema)))).data;
}

export const templateOptionsQueryOptions = () => queryOptions({ queryKey: automationKeys.templates, queryFn: getTemplateOptions });

export const useTemplateOptions = () => useQuery(templateOptionsQueryOptions());
