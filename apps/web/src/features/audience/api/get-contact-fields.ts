import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactFieldSchema, okResponse, type ContactField } from '@enlaza/contracts';
import { z } from 'zod';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

const fieldsAnswer = okResponse(z.array(contactFieldSchema));

/** `GET /api/audience/fields`: my contact fields in their order, with how many addresses have a value. */
export async function getContactFields(): Promise<ContactField[]> {
  return (await apiGet('/api/audience/fields', fieldsAnswer)).data;
}

export const contactFieldsQueryOptions = () => queryOptions({ queryKey: audienceKeys.fields, queryFn: getContactFields });

export const useContactFields = () => useQuery(contactFieldsQueryOptions());
