import { useState } from 'react';
import { AspectRatio, Box, Center, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CloudImagePicker } from '@/components/cloud-image-picker';
import { isLocked, LockedNote, type TeamLock } from './team-lock';
import type { ProfileEditor } from './use-profile-editor';

/** A team card's image as its public page serves it (the file is in the team's cloud, not the member's). */
const sharedImageSrc = (lock: TeamLock, field: 'logo' | 'cover', fileId: string | null) =>
  fileId && lock ? `/api/public${lock.publicPath}/${field}?v=${fileId.slice(0, 8)}` : null;

/**
 * An image the team sets and locks: shown, not chosen. The file is the team's (its owner's cloud), so
 * it is shown as the card's public page serves it; a card not published shows a frame that says so.
 */
function LockedImage({ label, fileId, lock, field }: { label: string; fileId: string | null; lock: TeamLock; field: 'logo' | 'cover' }) {
  const { t } = useTranslation('profiles');
  const [failed, setFailed] = useState<string | null>(null);
  const wide = field === 'cover';
  const src = sharedImageSrc(lock, field, fileId);
  return (
    <Stack gap={6} role="group" aria-label={label} data-testid={`locked-image-${field}`}>
      <Text size="sm" fw={500} component="span">
        {label}
      </Text>
      <Box w={wide ? '100%' : 120} maw={wide ? 480 : undefined}>
        <AspectRatio ratio={wide ? 3 : 1}>
          {src && failed !== src ? (
            <Image
              src={src}
              alt={t('team.imageAlt', { label })}
              radius="md"
              fit={wide ? 'cover' : 'contain'}
              onError={() => setFailed(src)}
            />
          ) : (
            <Paper withBorder radius="md" style={{ borderStyle: 'dashed' }}>
              <Center h="100%">
                <Text size="xs" c="dimmed" ta="center" px="xs">
                  {fileId ? t('team.teamImage') : t('team.noImage')}
                </Text>
              </Center>
            </Paper>
          )}
        </AspectRatio>
      </Box>
      <LockedNote lock={lock} field={field} />
    </Stack>
  );
}

/** Photo (square), cover (wide) and, on a card, the company logo, picked from the cloud or uploaded there; the team's locked ones shown. */
export function ProfileImages({ editor }: { editor: Pick<ProfileEditor, 'draft' | 'error' | 'setCommon' | 'lock'> }) {
  const { t } = useTranslation('profiles');
  const { draft, error, setCommon, lock } = editor;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <CloudImagePicker
        label={t('editor.photo')}
        value={draft.photoFileId}
        onChange={(photoFileId) => setCommon({ photoFileId })}
        error={error('photoFileId')}
        aspect="square"
      />
      {isLocked(lock, 'cover') ? (
        <LockedImage label={t('editor.cover')} fileId={draft.coverFileId} lock={lock} field="cover" />
      ) : (
        <CloudImagePicker
          label={t('editor.cover')}
          value={draft.coverFileId}
          onChange={(coverFileId) => setCommon({ coverFileId })}
          error={error('coverFileId')}
          aspect="wide"
          sharedSrc={sharedImageSrc(lock, 'cover', draft.coverFileId)}
        />
      )}
      {draft.kind !== 'card' ? null : isLocked(lock, 'logo') ? (
        <LockedImage label={t('editor.logo')} fileId={draft.logoFileId} lock={lock} field="logo" />
      ) : (
        <CloudImagePicker
          label={t('editor.logo')}
          value={draft.logoFileId}
          onChange={(logoFileId) => setCommon({ logoFileId })}
          error={error('logoFileId')}
          aspect="logo"
          sharedSrc={sharedImageSrc(lock, 'logo', draft.logoFileId)}
        />
      )}
    </SimpleGrid>
  );
}
