import type { FileListQuery } from '@enlaza/contracts';

/**
 * Query keys of the cloud (nube), shared by the Nube page and the image picker of profiles. Every
 * key starts with `cloudKeys.all`, so one invalidation refreshes them all.
 */
export const cloudKeys = {
  all: ['cloud'] as const,
  files: (query: object) => ['cloud', 'files', query] as const,
  usage: ['cloud', 'usage'] as const,
  file: (id: string) => ['cloud', 'file', id] as const,
};

/** List parameters; anything left out takes the API's default. */
export type CloudFilesParams = Partial<FileListQuery>;

/** What the file inputs offer; the server decides from the bytes anyway. */
export const CLOUD_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
