import { useQuery } from '@tanstack/react-query';
import { catalogueSchemas, okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { catalogueKeys } from '@/lib/api/admin-keys';
import { apiGet } from '@/lib/http';

/** The offers a coupon may be limited to (the catalogue's list, as its own screen reads it). */
export const useOfferChoices = () =>
  useQuery({
    queryKey: catalogueKeys.of('offers'),
    queryFn: async () => (await apiGet('/api/admin/offers', okResponse(z.array(catalogueSchemas.offers.admin)))).data,
  });
