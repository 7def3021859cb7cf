import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  cloudFileSchema,
  errorResponseSchema,
  fileListSchema,
  okResponse,
  storageUsageSchema,
  uploadFilesResponseSchema,
  type FileListQuery,
  type UploadedFile,
} from '@enlaza/contracts';
import { z } from 'zod';
import { ApiError, apiGet, apiSend, buildHeaders } from './http';

/**
 * The calls of the cloud (nube) that more than one screen needs: the Nube page and the image picker
 * of profiles. Every query key starts with `cloudKeys.all`, so one invalidation refreshes them all.
 */
export const cloudKeys = {
  all: ['cloud'] as const,
  files: (query: object) => ['cloud', 'files', query] as const,
  usage: ['cloud', 'usage'] as const,
  file: (id: string) => ['cloud', 'file', id] as const,
};

const oneSchema = okResponse(cloudFileSchema);

/** List parameters; anything left out takes the API's default. */
/** `POST /api/files/{id}/email-address`: the public address of one of my images, for an email template. */
export const emailImageAddress = async (id: string) =>
  (await apiSend('POST', `/api/files/${encodeURIComponent(id)}/email-address`, undefined, okResponse(z.object({ url: z.string() })))).data;

export type CloudFilesParams = Partial<FileListQuery>;

export function cloudFilesQueryOptions(query: CloudFilesParams) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return queryOptions({
    queryKey: cloudKeys.files(query),
    queryFn: () => apiGet(`/api/files?${params.toString()}`, fileListSchema),
  });
}

const usageSchema = okResponse(storageUsageSchema);

/**
 * Storage used (live and trashed files) against the plan's limit: the one source of the storage
 * meters (cloud, dashboard, account home). Under `cloudKeys.all`, so every upload, trash or restore refreshes it.
 */
export function storageUsageQueryOptions() {
  return queryOptions({ queryKey: cloudKeys.usage, queryFn: async () => (await apiGet('/api/files/usage', usageSchema)).data });
}

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions());
}

export function cloudFileQueryOptions(id: string) {
  // The signed address lasts at least an hour; refresh it well before.
  return queryOptions({
    queryKey: cloudKeys.file(id),
    queryFn: async () => (await apiGet(`/api/files/${encodeURIComponent(id)}`, oneSchema)).data,
    staleTime: 30 * 60_000,
  });
}

/** One of my files (for its signed `url`), or nothing while `id` is null. */
export function useCloudFile(id: string | null) {
  return useQuery({ ...cloudFileQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/**
 * Uploads one file with XMLHttpRequest, which (unlike fetch) reports upload progress:
 * `onProgress` gets 0–1. Rejects with an ApiError carrying the server's translated message.
 */
export function uploadCloudFile(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError({ message: 'Aborted', status: 0, code: 'aborted' }));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    buildHeaders(false).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ message: 'Network error', status: 0, code: 'network_error' }));
    xhr.onabort = () => reject(new ApiError({ message: 'Aborted', status: 0, code: 'aborted' }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadFilesResponseSchema.safeParse(body);
        const first = parsed.success ? parsed.data.data[0] : undefined;
        if (first) resolve(first);
        else
          reject(new ApiError({ message: 'Unexpected answer from POST /api/files', status: xhr.status, code: 'invalid_response', body }));
        return;
      }
      const failure = errorResponseSchema.partial().safeParse(body);
      const data = failure.success ? failure.data : {};
      reject(
        new ApiError({
          message: data.message ?? `HTTP ${xhr.status}`,
          status: xhr.status,
          code: data.code,
          body,
          serverMessage: data.message,
        }),
      );
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.onloadend = () => signal?.removeEventListener('abort', onAbort);
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** What the file inputs offer; the server decides from the bytes anyway. */
export const CLOUD_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
