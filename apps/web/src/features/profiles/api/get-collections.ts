import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionSchema, okResponse, type Collection, type ProfileKind } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { collectionKeys, type CollectionType } from './keys';

/** `GET /api/{folders|labels}?kind=`: my folders or labels for cards or tags, each with how many profiles it holds. */
export async function getCollections(type: CollectionType, kind: ProfileKind): Promise<Collection[]> {
  return (await apiGet(`/api/${type}?kind=${kind}`, okResponse(z.array(collectionSchema)))).data;
}

export function collectionsQueryOptions(type: CollectionType, kind: ProfileKind) {
  return queryOptions({ queryKey: collectionKeys.of(type, kind), queryFn: () => getCollections(type, kind) });
}

export function useCollections(type: CollectionType, kind: ProfileKind) {
  return useQuery(collectionsQueryOptions(type, kind));
}
