import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ActionIcon, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { CLOUD_ACCEPT, CLOUD_KEY, cloudErrorMessage, uploadCloudFile } from '@/lib/cloud-api';
import { formatBytes } from '@/lib/format';

type UploadItem = {
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

/** Drag and drop (or "Choose files"): one request per file, three at a time, each with its progress bar. */
export function UploadZone({ maxFileBytes, disabled }: { maxFileBytes: number | undefined; disabled?: boolean }) {
  const { t } = useTranslation('cloud');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef<{ id: number; file: File }[]>([]);
  const active = useRef(0);
  const resetFileInput = useRef<() => void>(null);
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
          void queryClient.invalidateQueries({ queryKey: CLOUD_KEY });
        })
        .catch((error: unknown) => update(next.id, { status: 'error', error: cloudErrorMessage(error, t) }))
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

  const onDrag = (event: DragEvent, over: boolean) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(over);
  };

  const finished = items.some((i) => i.status === 'done' || i.status === 'error');
  return (
    <Stack gap="sm">
      <Paper
        withBorder
        radius="md"
        p="lg"
        role="region"
        aria-label={t('drop.region')}
        data-testid="cloud-drop-zone"
        onDragEnter={(e) => onDrag(e, true)}
        onDragOver={(e) => onDrag(e, true)}
        onDragLeave={(e) => onDrag(e, false)}
        onDrop={(e) => {
          onDrag(e, false);
          if (!disabled) add([...e.dataTransfer.files]);
        }}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
          background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
          transition: 'background 120ms, border-color 120ms',
        }}
      >
        <Stack align="center" gap={6}>
          <Text fw={600} ta="center">
            {dragging ? t('drop.active') : t('drop.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('drop.or')}
          </Text>
          <FileButton
            onChange={(files) => {
              add(files);
              // Choosing the same files again must upload them again.
              resetFileInput.current?.();
            }}
            accept={CLOUD_ACCEPT}
            multiple
            disabled={disabled}
            resetRef={resetFileInput}
          >
            {(props) => (
              <Button {...props} data-testid="cloud-choose-files">
                {t('drop.choose')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>
      {items.length > 0 ? (
        <Stack gap="xs" aria-label={t('uploads.title')} role="list" data-testid="cloud-uploads">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t('uploads.title')}
            </Text>
            {finished ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setItems((list) => list.filter((i) => i.status === 'waiting' || i.status === 'uploading'))}
              >
                {t('uploads.clear')}
              </Button>
            ) : null}
          </Group>
          {items.map((item) => (
            <Paper key={item.id} withBorder radius="sm" p="xs" role="listitem" data-testid="cloud-upload-item" data-status={item.status}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate style={{ minWidth: 0, flex: 1 }}>
                  {item.name}
                </Text>
                <Text
                  size="xs"
                  c={item.status === 'error' ? 'red' : item.status === 'done' ? 'teal' : 'dimmed'}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {item.status === 'done'
                    ? t('uploads.done')
                    : item.status === 'waiting'
                      ? t('uploads.waiting')
                      : item.status === 'uploading'
                        ? `${Math.round(item.progress * 100)} %`
                        : formatBytes(item.size, locale)}
                </Text>
                {item.status === 'done' || item.status === 'error' ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('uploads.dismiss', { name: item.name })}
                    onClick={() => setItems((list) => list.filter((i) => i.id !== item.id))}
                  >
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                ) : null}
              </Group>
              {item.keptAs !== undefined ? (
                <Text size="xs" c="dimmed" mt={4} data-testid="cloud-upload-kept">
                  {t('uploads.alreadyKept', { name: item.keptAs })}
                </Text>
              ) : null}
              {item.status === 'error' ? (
                <Text size="xs" c="red" role="alert" mt={4}>
                  {item.error}
                </Text>
              ) : (
                <Progress
                  mt={6}
                  size="sm"
                  value={item.progress * 100}
                  color={item.status === 'done' ? 'teal' : undefined}
                  animated={item.status === 'uploading'}
                  aria-label={t('uploads.progress', { name: item.name, percent: Math.round(item.progress * 100) })}
                />
              )}
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
