import { useState } from 'react';
import { CONTACT_IMPORT_MAX_BYTES, type ContactImportPreview } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { usePreviewImport } from '../api/preview-import';

/**
 * The import's first step: the chosen file, its text, and its first rows as the server read them.
 * `onPreview` gets the server's guesses (header, columns) when they arrive.
 */
export function useCsvPreview(onPreview: (data: ContactImportPreview, file: File) => void) {
  const { t } = useTranslation('audience');
  const preview = usePreviewImport();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [shape, setShape] = useState<ContactImportPreview | null>(null);

  async function choose(next: File | null) {
    setFile(next);
    setShape(null);
    setFileError(null);
    if (!next) return;
    if (next.size > CONTACT_IMPORT_MAX_BYTES) {
      setFileError(t('import.tooLarge', { mb: CONTACT_IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    const text = await next.text();
    setCsv(text);
    preview.mutate(text, {
      onSuccess: (data) => {
        setShape(data);
        onPreview(data, next);
      },
    });
  }

  return { preview, file, csv, fileError, shape, choose };
}
