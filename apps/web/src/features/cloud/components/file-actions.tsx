import { ActionIcon, Menu } from '@mantine/core';
import type { CloudFile } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';

export type FileAction = 'preview' | 'rename' | 'delete' | 'restore';

/** The "⋯" menu of a file: preview, download, rename, to the trash — or restore, in the trash. */
export function FileActions({ file, onAction }: { file: CloudFile; onAction: (action: FileAction, file: CloudFile) => void }) {
  const { t } = useTranslation('cloud');
  const trashed = file.deletedAt !== null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name: file.name })} data-testid="cloud-file-menu">
          <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
            ⋯
          </span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {trashed ? (
          <Menu.Item onClick={() => onAction('restore', file)} data-testid="cloud-restore">
            {t('actions.restore')}
          </Menu.Item>
        ) : (
          <>
            <Menu.Item onClick={() => onAction('preview', file)}>{t('actions.preview')}</Menu.Item>
            <Menu.Item component="a" href={`${file.url}&download=1`} download={file.name}>
              {t('actions.download')}
            </Menu.Item>
            <Menu.Item onClick={() => onAction('rename', file)} data-testid="cloud-rename">
              {t('actions.rename')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => onAction('delete', file)} data-testid="cloud-delete">
              {t('actions.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
