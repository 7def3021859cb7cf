import { useRef, useState, type DragEvent } from 'react';
import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLOUD_ACCEPT } from '@/lib/api/cloud-keys';
import { UploadRow } from './upload-row';
import { useUploadQueue } from './use-upload-queue';

/** Drag and drop (or "Choose files"): one request per file, three at a time, each with its progress bar. */
export function UploadZone({ maxFileBytes, disabled }: { maxFileBytes: number | undefined; disabled?: boolean }) {
  const { t } = useTranslation('cloud');
  const { items, add, dismiss, clearFinished } = useUploadQueue(maxFileBytes);
  const [dragging, setDragging] = useState(false);
  const resetFileInput = useRef<() => void>(null);

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
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t('uploads.title')}
            </Text>
            {finished ? (
              <Button size="compact-xs" variant="subtle" onClick={clearFinished}>
                {t('uploads.clear')}
              </Button>
            ) : null}
          </Group>
          {/* A list holds its items only: the heading and the clear button stay outside it. */}
          <Stack gap="xs" aria-label={t('uploads.title')} role="list" data-testid="cloud-uploads">
            {items.map((item) => (
              <UploadRow key={item.id} item={item} onDismiss={() => dismiss(item.id)} />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
