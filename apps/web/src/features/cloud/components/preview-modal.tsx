import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import type { CloudFile } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { formatBytes } from '@/lib/format';

/** A large view of an image; a download for a PDF and other documents (they never open inside the site). */
export function PreviewModal({ file, onClose }: { file: CloudFile | null; onClose: () => void }) {
  const { t } = useTranslation('cloud');
  const locale = useLocale();
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file?.name ?? t('preview.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {file ? (
        <Stack gap="md">
          {file.kind === 'image' ? (
            <Image src={file.url} alt={file.name} radius="md" fit="contain" mah="70vh" data-testid="cloud-preview-image" />
          ) : file.kind === 'pdf' ? (
            <Text size="sm">{t('preview.pdf')}</Text>
          ) : (
            <Text size="sm">{t('preview.document')}</Text>
          )}
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {[
                t(`kinds.${file.kind}`),
                formatBytes(file.sizeBytes, locale),
                file.width && file.height ? t('preview.dimensions', { width: file.width, height: file.height }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Button component="a" href={`${file.url}&download=1`} download={file.name} variant="light">
              {t('actions.download')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
