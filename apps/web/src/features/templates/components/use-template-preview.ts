import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { TemplatePreview } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { previewTemplate } from '../api/preview-template';

/** The server's rendering of what is typed, half a second after the last key. */
export function useTemplatePreview(subject: string, bodyHtml: string, t: TFunction) {
  const [preview, setPreview] = useState<{ data: TemplatePreview | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setPreview((p) => ({ ...p, loading: true }));
      previewTemplate({ subject, bodyHtml }).then(
        (data) => live && setPreview({ data, error: null, loading: false }),
        (error: unknown) => live && setPreview({ data: null, error: apiErrorMessage(error, t), loading: false }),
      );
    }, 500);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [subject, bodyHtml, t]);

  return preview;
}
