import { useQuery } from '@tanstack/react-query';
import { catalogueSchemas, okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { catalogueKeys } from '@/lib/api/admin-keys';
import { apiGet } from '@/lib/http';

/** The add-ons a coupon may be limited to (the catalogue's list, as its own screen reads it). */
export const useAddOnChoices = () =>
  useQuery({
    queryKey: catalogueKeys.of('add-ons'),
    queryFn: async () => (await apiGet('/api/admin/add-ons', okResponse(z.array(catalogueSchemas['add-ons'].admin)))).data,
  });
