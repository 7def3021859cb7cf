import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';

/** `GET /api/options/export`: all my data as a JSON file, saved as a file; resolves to the file name. */
export function exportData(): Promise<string> {
  return downloadFile('/api/options/export', `enlaza-export-${new Date().toISOString().slice(0, 10)}.json`);
}

export function useExportData() {
  return useMutation({ mutationKey: ['options', 'export'], mutationFn: exportData });
}
