import { useQuery } from '@tanstack/react-query';
import { cloudFileQueryOptions } from '@/lib/api/get-cloud-file';

/**
 * The signed address of one of my cloud images (for avatars and previews); null while unknown.
 * The cloud's own query of the file, so an upload or a rename seen there is seen here.
 */
export function useFileUrl(fileId: string | null): string | null {
  const query = useQuery({ ...cloudFileQueryOptions(fileId ?? ''), enabled: fileId !== null, retry: false });
  return fileId && query.data ? query.data.url : null;
}
