import { errorResponseSchema, uploadFilesResponseSchema, type UploadedFile } from '@enlaza/contracts';
import { ApiError, buildHeaders } from '../http';

/**
 * `POST /api/files`: uploads one file with XMLHttpRequest, which (unlike fetch) reports upload progress:
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
