import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignTemplateOptionSchema, okResponse, type CampaignTemplateOption } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { campaignKeys } from './keys';

/** `GET /api/campaigns/templates`: the templates a campaign can send. */
export async function getTemplateOptions(): Promise<CampaignTemplateOption[]> {
  return (await apiGet('/api/campaigns/templates', okResponse(z.array(campaignTemplateOptionSchema)))).data;
}

export const templateOptionsQueryOptions = () => queryOptions({ queryKey: campaignKeys.templates, queryFn: getTemplateOptions });

export const useTemplateOptions = () => useQuery(templateOptionsQueryOptions());
