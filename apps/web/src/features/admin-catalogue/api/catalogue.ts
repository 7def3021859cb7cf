import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountTypeAdminSchema,
  catalogueSchemas,
  okResponse,
  type CatalogueAdmin,
  type CatalogueBody,
  type CatalogueKind,
} from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { accountTypeKeys, catalogueKeys } from '@/lib/api/admin-keys';

const base = (kind: CatalogueKind) => `/api/admin/${kind}`;

export function catalogueQueryOptions<K extends CatalogueKind>(kind: K) {
  const schema = okResponse(z.array(catalogueSchemas[kind].admin));
  return queryOptions({
    queryKey: catalogueKeys.of(kind),
    queryFn: async () => (await apiGet(base(kind), schema)).data as CatalogueAdmin[K][],
  });
}

/** Every item of one kind, active and inactive, named in the viewer's language. */
export function useCatalogue<K extends CatalogueKind>(kind: K, enabled = true) {
  return useQuery({ ...catalogueQueryOptions(kind), enabled });
}

/** Create (no id) or edit an item. Offers are named after plans and periods: those lists refresh too. */
export function useSaveCatalogueItem<K extends CatalogueKind>(kind: K) {
  const queryClient = useQueryClient();
  const one = okResponse(catalogueSchemas[kind].admin);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: CatalogueBody[K] }): Promise<CatalogueAdmin[K]> =>
      (id ? await apiSend('PUT', `${base(kind)}/${encodeURIComponent(id)}`, body, one) : await apiSend('POST', base(kind), body, one))
        .data as CatalogueAdmin[K],
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/** Deactivate, reactivate or delete (only an unused item; the server answers 409 otherwise). */
export function useCatalogueAction(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  const one = okResponse(catalogueSchemas[kind].admin);
  const gone = okResponse(z.object({ id: z.string() }));
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'activate' | 'deactivate' | 'delete' }) => {
      const url = `${base(kind)}/${encodeURIComponent(id)}`;
      if (action === 'delete') await apiSend('DELETE', url, undefined, gone);
      else await apiSend('POST', `${url}/${action}`, undefined, one);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

const accountTypesSchema = okResponse(z.array(accountTypeAdminSchema));
/** Account types, for an offer's "who may buy it". */
export function useAccountTypeOptions() {
  return useQuery({
    queryKey: accountTypeKeys.all,
    queryFn: async () => (await apiGet('/api/admin/account-types', accountTypesSchema)).data,
  });
}
