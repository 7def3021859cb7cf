import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  campaignListSchema,
  campaignReviewSchema,
  campaignSchema,
  campaignSenderSchema,
  campaignTemplateOptionSchema,
  campaignTestSendSchema,
  okResponse,
  type Campaign,
  type CampaignBodyInput,
  type CampaignSenderBody,
} from '@enlaza/contracts';
import { apiGet, apiSend } from '@/lib/http';

/** Query keys of my campaigns: `all` is also the list's. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  one: (id: string | null) => ['campaigns', id] as const,
  templates: ['campaigns', 'templates'] as const,
  reviews: ['campaigns', 'review'] as const,
  review: (id: string) => ['campaigns', 'review', id] as const,
  sender: ['campaigns', 'sender'] as const,
};
const campaignAnswer = okResponse(campaignSchema);

export const campaignsQueryOptions = () =>
  queryOptions({ queryKey: campaignKeys.all, queryFn: async () => (await apiGet('/api/campaigns', campaignListSchema)).data });

/** The list polls while something is sending, so its progress moves. */
export const useCampaigns = () =>
  useQuery({ ...campaignsQueryOptions(), refetchInterval: (q) => (q.state.data?.some((c) => c.state === 'sending') ? 2000 : false) });

/** One campaign; polled every second while it sends (the progress bar). */
export const useCampaign = (id: string | null) =>
  useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: async () => (await apiGet(`/api/campaigns/${encodeURIComponent(id!)}`, campaignAnswer)).data,
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.state === 'sending' ? 1000 : false),
  });

export const useTemplateOptions = () =>
  useQuery({
    queryKey: campaignKeys.templates,
    queryFn: async () => (await apiGet('/api/campaigns/templates', okResponse(z.array(campaignTemplateOptionSchema)))).data,
  });

function useCampaignMutation<V>(call: (vars: V) => Promise<Campaign>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (campaign) => queryClient.setQueryData(campaignKeys.one(campaign.id), campaign),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export const useSaveCampaign = () =>
  useCampaignMutation(
    async ({ id, body }: { id: string | null; body: CampaignBodyInput }) =>
      (
        await (id
          ? apiSend('PUT', `/api/campaigns/${encodeURIComponent(id)}`, body, campaignAnswer)
          : apiSend('POST', '/api/campaigns', body, campaignAnswer))
      ).data,
  );

export const useStartCampaign = () =>
  useCampaignMutation(
    async ({ id, at }: { id: string; at?: string }) =>
      (await apiSend('POST', `/api/campaigns/${encodeURIComponent(id)}/start`, at ? { at } : {}, campaignAnswer)).data,
  );

export const useCampaignAction = () =>
  useCampaignMutation(
    async ({ id, action }: { id: string; action: 'pause' | 'resume' | 'cancel' }) =>
      (await apiSend('POST', `/api/campaigns/${encodeURIComponent(id)}/${action}`, undefined, campaignAnswer)).data,
  );

export const useDeleteCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      apiSend('DELETE', `/api/campaigns/${encodeURIComponent(id)}`, undefined, okResponse(z.object({ id: z.string() }))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
};

/** The review step: the email as the audience will get it, rendered for me, its sender and recipient count. */
export const useCampaignReview = (id: string) =>
  useQuery({
    queryKey: campaignKeys.review(id),
    queryFn: async () => (await apiGet(`/api/campaigns/${encodeURIComponent(id)}/review`, okResponse(campaignReviewSchema))).data,
  });

/** `POST /api/campaigns/{id}/test`: the campaign as it will go out, to my own address. */
export const useSendCampaignTest = () =>
  useMutation({
    mutationFn: async (id: string) =>
      (await apiSend('POST', `/api/campaigns/${encodeURIComponent(id)}/test`, undefined, okResponse(campaignTestSendSchema))).data,
  });

const senderAnswer = okResponse(campaignSenderSchema);

/** Who the campaigns come from (suggestions from the account until saved). */
export const useCampaignSender = () =>
  useQuery({
    queryKey: campaignKeys.sender,
    queryFn: async () => (await apiGet('/api/campaigns/sender', senderAnswer)).data,
  });

export const useSaveCampaignSender = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CampaignSenderBody) => (await apiSend('PUT', '/api/campaigns/sender', body, senderAnswer)).data,
    onSuccess: (sender) => {
      queryClient.setQueryData(campaignKeys.sender, sender);
      // A review on screen shows the sender and its footer: drawn again with the new one.
      void queryClient.invalidateQueries({ queryKey: campaignKeys.reviews });
    },
  });
};
