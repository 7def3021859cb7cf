import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { apiErrorMessage } from '@/lib/api-error-message';
import { cloudKeys } from '@/lib/api/cloud-keys';
import { uploadCloudFile } from '@/lib/api/upload-cloud-file';
import { formatBytes } from '@/lib/format';

export type UploadItem = {
  id: number;
  name: string;
  size: number;
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'error';
  error?: string;
  /** The same bytes were already in the cloud, kept under this name: nothing new was stored. */
  keptAs?: string;
};

const PARALLEL = 3;
let nextId = 1;

/** The uploads of the drop zone: one request per file, three at a time, each with its progress; newest first. */
export function useUploadQueue(maxFileBytes: number | undefined) {
  const { t } = useTranslation('cloud');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ id: number; file: File }[]>([]);
  const active = useRef(0);
  // Leaving the page cancels the uploads in flight and forgets the waiting ones.
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => {
      current.abort();
      queue.current = [];
    };
  }, []);

  const update = (id: number, patch: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  function pump() {
    while (active.current < PARALLEL && queue.current.length > 0) {
      const next = queue.current.shift()!;
      active.current += 1;
      update(next.id, { status: 'uploading' });
      uploadCloudFile(next.file, (progress) => update(next.id, { progress }), controller.current?.signal)
        .then((file) => {
          update(next.id, { status: 'done', progress: 1, ...(file.alreadyKept ? { keptAs: file.name } : {}) });
          void queryClient.invalidateQueries({ queryKey: cloudKeys.all });
        })
        .catch((error: unknown) => update(next.id, { status: 'error', error: apiErrorMessage(error, t) }))
        .finally(() => {
          active.current -= 1;
          pump();
        });
    }
  }

  function add(files: File[]) {
    const added: UploadItem[] = [];
    for (const file of files) {
      const id = nextId++;
      if (maxFileBytes !== undefined && file.size > maxFileBytes) {
        added.push({
          id,
          name: file.name,
          size: file.size,
          progress: 0,
          status: 'error',
          error: t('uploads.tooLarge', { max: formatBytes(maxFileBytes, locale) }),
        });
        continue;
      }
      added.push({ id, name: file.name, size: file.size, progress: 0, status: 'waiting' });
      queue.current.push({ id, file });
    }
    setItems((list) => [...added.reverse(), ...list]);
    pump();
  }

  const dismiss = (id: number) => setItems((list) => list.filter((i) => i.id !== id));
  const clearFinished = () => setItems((list) => list.filter((i) => i.status === 'waiting' || i.status === 'uploading'));

  return { items, add, dismiss, clearFinished };
}
