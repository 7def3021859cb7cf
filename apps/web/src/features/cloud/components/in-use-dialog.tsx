import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { CloudFile, FileUse } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** One record using a file, with every role it gives the file there (a card's photo and cover). */
type Place = Pick<FileUse, 'kind' | 'id' | 'name' | 'href'> & { roles: FileUse['role'][] };

/** The places using each file, files in the order asked and places in the order the server gave. */
function placesByFile(files: CloudFile[], uses: FileUse[]): { file: CloudFile; places: Place[] }[] {
  return files
    .map((file) => {
      const places = new Map<string, Place>();
      for (const use of uses.filter((u) => u.fileId === file.id)) {
        const key = `${use.kind}:${use.id}`;
        const place = places.get(key) ?? { kind: use.kind, id: use.id, name: use.name, href: use.href, roles: [] };
        place.roles.push(use.role);
        places.set(key, place);
      }
      return { file, places: [...places.values()] };
    })
    .filter((entry) => entry.places.length > 0);
}

interface InUseDialogProps {
  /** The files to move (all of them, in use or not); null: closed. */
  files: CloudFile[] | null;
  uses: FileUse[];
  loading: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Move to the trash?" when a file is in use: where each one is used (kind, name as a link to it,
 * and what the file is there), what the trash means for those places, then Cancel or Move to trash.
 * Focus starts on Cancel.
 */
export function InUseDialog({ files, uses, loading, error, onConfirm, onClose }: InUseDialogProps) {
  const { t } = useTranslation('cloud');
  const list = files ?? [];
  const [only] = list;
  const groups = placesByFile(list, uses);
  const single = list.length === 1;
  return (
    <Modal
      opened={files !== null}
      onClose={onClose}
      title={single && only ? t('inUse.title', { name: only.name }) : t('inUse.titleMany', { count: list.length })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="md" data-testid="cloud-in-use-dialog">
        {groups.map(({ file, places }) => (
          <Stack key={file.id} gap={4} data-testid="cloud-in-use-file">
            <Text size="sm" fw={600} id={`in-use-${file.id}`}>
              {single ? t('inUse.usedIn', { count: places.length }) : t('inUse.fileUsedIn', { name: file.name, count: places.length })}
            </Text>
            <List size="sm" spacing={4} aria-labelledby={`in-use-${file.id}`}>
              {places.map((place) => (
                <List.Item key={`${place.kind}:${place.id}`} data-testid="cloud-in-use-place">
                  {t(`inUse.kinds.${place.kind}`)}{' '}
                  <Anchor component={Link} to={place.href} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {place.name}
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    ({place.roles.map((role) => t(`inUse.roles.${role}`)).join(', ')})
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
        <Text size="sm">{t('inUse.explain')}</Text>
        {error ? (
          <Text size="sm" c="red" role="alert" data-testid="cloud-in-use-error">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-autofocus data-testid="cloud-in-use-cancel">
            {t('inUse.cancel')}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm} data-testid="cloud-in-use-confirm">
            {t('inUse.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
