import { useQuery } from '@tanstack/react-query';
import { cloudFileSchema, okResponse } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

const schema = okResponse(cloudFileSchema);

/** The signed address of one of my cloud images (for avatars and previews); null while unknown. */
export function useFileUrl(fileId: string | null): string | null {
  const query = useQuery({
    queryKey: ['files', 'one', fileId],
    queryFn: async () => (await apiGet(`/api/files/${encodeURIComponent(fileId!)}`, schema)).data,
    enabled: fileId !== null,
    // Signed addresses last a while; asking again every few minutes keeps them valid.
    staleTime: 5 * 60_000,
    retry: false,
  });
  return fileId && query.data ? query.data.url : null;
}
