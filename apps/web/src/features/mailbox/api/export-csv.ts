import { useMutation } from '@tanstack/react-query';
import { ApiError, buildHeaders } from '@/lib/http';

/**
 * `GET /api/mailbox/:profileId/messages.csv`, fetched with the client's headers (bearer token) and
 * saved from a Blob, since a plain link would not carry the token.
 */
export async function exportMessagesCsv(profileId: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/mailbox/${encodeURIComponent(profileId)}/messages.csv`, { headers: buildHeaders(false), credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError({ message: 'Network error', status: 0, code: 'network_error', cause });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError({ message: body.message ?? `HTTP ${response.status}`, status: response.status, code: body.code, serverMessage: body.message });
  }
  const blob = await response.blob();
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  const name = match?.[1] ?? 'enlaza-messages.csv';
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

export function useExportMessagesCsv(profileId: string) {
  return useMutation({ mutationKey: ['mailbox', 'export', profileId], mutationFn: () => exportMessagesCsv(profileId) });
}
