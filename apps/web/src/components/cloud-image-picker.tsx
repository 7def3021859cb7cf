import { useEffect, useId, useRef, useState } from 'react';
import {
  AspectRatio,
  Box,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Pagination,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { cloudKeys, IMAGE_ACCEPT } from '@/lib/api/cloud-keys';
import { cloudFileQueryOptions, useCloudFile } from '@/lib/api/get-cloud-file';
import { cloudFilesQueryOptions } from '@/lib/api/get-cloud-files';
import { uploadCloudFile } from '@/lib/api/upload-cloud-file';

export interface CloudImagePickerProps {
  label: string;
  value: string | null;
  onChange: (fileId: string | null) => void;
  error?: string;
  /** square: a photo (cropped to the frame); wide: a cover; logo: a square frame showing the whole image (a wide wordmark uncropped). */
  aspect?: 'square' | 'wide' | 'logo';
  /**
   * Where the image is served when its file is someone else's (a team card's logo or cover, from the
   * team's cloud): shown instead of "none" and an error, as the card's public page shows it.
   */
  sharedSrc?: string | null;
}

const PAGE_SIZE = 24;

/** The user's images in a grid of buttons: Tab moves between them, Enter or Space picks one (the image field, the template editor's image). */
export function CloudImagesModal({
  opened,
  selected,
  onClose,
  onPick,
}: {
  opened: boolean;
  selected: string | null;
  onClose: () => void;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation('cloud');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  const query = useQuery({
    ...cloudFilesQueryOptions({ kind: 'image', search: debounced || undefined, page, pageSize: PAGE_SIZE }),
    enabled: opened,
  });
  const total = query.data?.meta.total ?? 0;
  return (
    <Modal opened={opened} onClose={onClose} title={t('picker.modalTitle')} size="xl" closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md">
        <TextInput
          label={t('search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-autofocus
        />
        {query.isPending ? (
          <Center py="xl" aria-busy="true">
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : query.isError ? (
          <Text c="red" role="alert" size="sm">
            {apiErrorMessage(query.error, t)}
          </Text>
        ) : query.data.data.length === 0 ? (
          <Text c="dimmed" size="sm" py="lg" ta="center">
            {debounced ? t('noMatch') : t('picker.noImages')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" role="list" aria-label={t('picker.modalTitle')}>
            {query.data.data.map((file) => (
              <div role="listitem" key={file.id}>
                <UnstyledButton
                  onClick={() => onPick(file.id)}
                  aria-label={t('picker.pick', { name: file.name })}
                  aria-pressed={file.id === selected}
                  className="cloud-picker-option"
                  data-testid="cloud-picker-option"
                  w="100%"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    outlineOffset: 2,
                    border: `2px solid ${file.id === selected ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
                  }}
                >
                  <AspectRatio ratio={1}>
                    <Image src={file.url} alt="" radius="sm" fit="cover" loading="lazy" />
                  </AspectRatio>
                  <Text size="xs" truncate mt={4} px={2}>
                    {file.name}
                  </Text>
                </UnstyledButton>
              </div>
            ))}
          </SimpleGrid>
        )}
        {total > PAGE_SIZE ? (
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(c) => ({ 'aria-label': c === 'previous' ? t('previousPage') : c === 'next' ? t('nextPage') : undefined })}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}

/**
 * Uploads an image into the cloud for the field, with its progress. The field takes it only if its
 * value did not change meanwhile; an upload still running when the field goes away is cancelled.
 */
function useImageUpload(value: string | null, onChange: (id: string | null) => void) {
  const { t } = useTranslation('cloud');
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const resetFileInput = useRef<() => void>(null);
  // The value now, for an upload that finishes later.
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function upload(file: File | null) {
    // Clear the input so that choosing the same file again uploads it again.
    resetFileInput.current?.();
    if (!file) return;
    const startValue = valueRef.current;
    const controller = new AbortController();
    abort.current = controller;
    setUploadError(null);
    setProgress(0);
    try {
      const stored = await uploadCloudFile(file, setProgress, controller.signal);
      if (stored.kind === 'image') queryClient.setQueryData(cloudFileQueryOptions(stored.id).queryKey, stored);
      void queryClient.invalidateQueries({ queryKey: cloudKeys.all });
      if (controller.signal.aborted || valueRef.current !== startValue) return;
      if (stored.kind !== 'image') setUploadError(t('picker.notImage'));
      else onChange(stored.id);
    } catch (e) {
      if (!controller.signal.aborted) setUploadError(apiErrorMessage(e, t));
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  }

  return { progress, uploadError, upload, resetFileInput };
}

/**
 * An image field whose value is the id of a file in the user's cloud: shows the image, picks
 * another one from the cloud, uploads a new one into the cloud (with progress), or removes it.
 */
export function CloudImagePicker({ label, value, onChange, error, aspect = 'square', sharedSrc = null }: CloudImagePickerProps) {
  const { t } = useTranslation('cloud');
  const current = useCloudFile(value);
  const [modalOpen, setModalOpen] = useState(false);
  const { progress, uploadError, upload, resetFileInput } = useImageUpload(value, onChange);
  const labelId = useId();
  const uploadButton = useRef<HTMLButtonElement>(null);
  const ratio = aspect === 'wide' ? 3 : 1;
  const width = aspect === 'wide' ? '100%' : 120;

  const [sharedFailed, setSharedFailed] = useState<string | null>(null);
  // Not the user's file, but one shared with their card (the team's): shown as its public page shows it.
  const shared = value && current.isError && sharedSrc && sharedFailed !== sharedSrc ? sharedSrc : null;
  const fit = aspect === 'logo' ? 'contain' : 'cover';
  const message = uploadError ?? error ?? (current.isError && !shared ? apiErrorMessage(current.error, t) : null);
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} data-testid="cloud-image-picker">
      <Text size="sm" fw={500} component="span" id={labelId}>
        {label}
      </Text>
      <Group align="flex-end" gap="md" wrap={aspect === 'wide' ? 'wrap' : 'nowrap'}>
        <Box w={width} maw={aspect === 'wide' ? 480 : undefined} style={{ flexShrink: 0 }}>
          <AspectRatio ratio={ratio}>
            {value && current.data ? (
              <Image src={current.data.url} alt={t('picker.currentAlt', { label })} radius="md" fit={fit} />
            ) : shared ? (
              <Image
                src={shared}
                alt={t('picker.currentAlt', { label })}
                radius="md"
                fit={fit}
                onError={() => setSharedFailed(shared)}
                data-testid="cloud-picker-shared"
              />
            ) : (
              <Paper withBorder radius="md" style={{ borderStyle: 'dashed' }}>
                <Center h="100%">
                  {value && current.isPending ? (
                    <Loader size="sm" aria-label={t('loading')} />
                  ) : (
                    <Text size="xs" c="dimmed" ta="center" px="xs">
                      {t('picker.none')}
                    </Text>
                  )}
                </Center>
              </Paper>
            )}
          </AspectRatio>
        </Box>
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            onClick={() => setModalOpen(true)}
            disabled={progress !== null}
            data-testid="cloud-picker-choose"
          >
            {t('picker.choose')}
          </Button>
          <FileButton onChange={(file) => void upload(file)} accept={IMAGE_ACCEPT} resetRef={resetFileInput}>
            {(props) => (
              <Button
                {...props}
                ref={uploadButton}
                variant="default"
                size="xs"
                loading={progress !== null}
                data-testid="cloud-picker-upload"
              >
                {t('picker.upload')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              disabled={progress !== null}
              onClick={() => {
                onChange(null);
                // This button goes away: keep the focus in the field.
                uploadButton.current?.focus();
              }}
              data-testid="cloud-picker-remove"
            >
              {t('picker.remove')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {value && current.data?.deletedAt ? (
        <Text size="xs" data-testid="cloud-picker-in-trash">
          {t('picker.inTrash')}
        </Text>
      ) : null}
      {progress !== null ? <Progress value={progress * 100} size="sm" aria-label={t('uploading', { name: label })} animated /> : null}
      {message ? (
        <Text size="xs" c="red" role="alert">
          {message}
        </Text>
      ) : null}
      <CloudImagesModal
        opened={modalOpen}
        selected={value}
        onClose={() => setModalOpen(false)}
        onPick={(id) => {
          onChange(id);
          setModalOpen(false);
        }}
      />
    </Stack>
  );
}
