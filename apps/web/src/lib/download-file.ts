import { isErrorCode } from '@enlaza/contracts';
import { ApiError, buildHeaders } from './http';

/** "attachment; filename=\"enlaza-export-2026-03-01.json\"" → the file name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1]; // a plain name with a stray "%"
  }
}

/**
 * GETs `path` with the client's headers (bearer token, CSRF) and saves the answer as a file, from a
 * Blob, since a plain link would not carry the token. The name comes from Content-Disposition, else
 * `fallbackName`; it is returned. Failures throw ApiError like the rest of the client (status 0 when
 * the network fails).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { headers: buildHeaders(false), credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError({ message: 'Network error', status: 0, code: 'network_error', cause });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError({
      message: body.message ?? `HTTP ${response.status}`,
      status: response.status,
      code: isErrorCode(body.code) ? body.code : undefined,
      serverMessage: body.message,
    });
  }
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
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
