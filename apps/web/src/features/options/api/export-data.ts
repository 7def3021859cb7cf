import { useMutation } from '@tanstack/react-query';
import { ApiError, buildHeaders } from '@/lib/http';

/** "attachment; filename=\"enlaza-export-2026-03-01.json\"" → the file name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * `GET /api/options/export`: all my data as a JSON file. Fetched with the client's headers
 * (bearer token, CSRF) and saved from a Blob, since a plain link would not carry the token.
 */
export async function exportData(): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/options/export', { headers: buildHeaders(false), credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError({ message: 'Network error', status: 0, code: 'network_error', cause });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError({ message: body.message ?? `HTTP ${response.status}`, status: response.status, code: body.code, serverMessage: body.message });
  }
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition'), `enlaza-export-${new Date().toISOString().slice(0, 10)}.json`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useExportData() {
  return useMutation({ mutationKey: ['options', 'export'], mutationFn: exportData });
}
