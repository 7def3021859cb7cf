import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CloudImagePicker } from '@/components/cloud-image-picker';
import type { ProfileEditor } from './use-profile-editor';

/** Photo (square) and cover (wide), picked from the cloud or uploaded there. */
export function ProfileImages({ editor }: { editor: Pick<ProfileEditor, 'draft' | 'error' | 'setCommon'> }) {
  const { t } = useTranslation('profiles');
  const { draft, error, setCommon } = editor;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <CloudImagePicker
        label={t('editor.photo')}
        value={draft.photoFileId}
        onChange={(photoFileId) => setCommon({ photoFileId })}
        error={error('photoFileId')}
        aspect="square"
      />
      <CloudImagePicker
        label={t('editor.cover')}
        value={draft.coverFileId}
        onChange={(coverFileId) => setCommon({ coverFileId })}
        error={error('coverFileId')}
        aspect="wide"
      />
    </SimpleGrid>
  );
}
