import { queryOptions, useQuery } from '@tanstack/react-query';
import { consentProofSchema, okResponse, type ConsentProof } from '@enlaza/contracts';
import { z } from 'zod';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

const proofsAnswer = okResponse(z.array(consentProofSchema));

/** `GET /api/audience/consents?email=`: the proofs of consent I hold for an address, newest first. */
export async function getConsentProofs(email: string): Promise<ConsentProof[]> {
  return (await apiGet(`/api/audience/consents?email=${encodeURIComponent(email)}`, proofsAnswer)).data;
}

export const consentProofsQueryOptions = (email: string) =>
  queryOptions({ queryKey: audienceKeys.proofs(email), queryFn: () => getConsentProofs(email), enabled: email !== '' });

export const useConsentProofs = (email: string) => useQuery(consentProofsQueryOptions(email));
