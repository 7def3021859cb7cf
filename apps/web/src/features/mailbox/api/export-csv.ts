import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';

/** `GET /api/mailbox/:profileId/messages.csv`, saved as a file; resolves to the file name. */
export function exportMessagesCsv(profileId: string): Promise<string> {
  return downloadFile(`/api/mailbox/${encodeURIComponent(profileId)}/messages.csv`, 'enlaza-messages.csv');
}

export function useExportMessagesCsv(profileId: string) {
  return useMutation({ mutationKey: ['mailbox', 'export', profileId], mutationFn: () => exportMessagesCsv(profileId) });
}
