import { useState } from 'react';
import { Button, ColorSwatch, Group, Menu, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Collection, ProfileKind } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useUndoTrash } from '@/components/use-undo-trash';
import { useBulkProfiles, type BulkBody } from '../api/bulk-profiles';

interface Props {
  kind: ProfileKind;
  selected: string[];
  folders: Collection[];
  labels: Collection[];
  /** `null` after a move to the trash: its notification (with Undo) is already shown. */
  onDone: (message: string | null) => void;
  onError: (message: string) => void;
  onClear: () => void;
}

/** Actions on the selected cards or tags: move to a folder, add or remove a label, trash. */
export function BulkBar({ kind, selected, folders, labels, onDone, onError, onClear }: Props) {
  const { t } = useTranslation(['profiles', 'admin']);
  const bulk = useBulkProfiles(kind);
  const undoTrash = useUndoTrash();
  const [confirmTrash, setConfirmTrash] = useState(false);
  const count = selected.length;

  const run = (action: BulkBody['action'], done: string) =>
    bulk.mutate(
      { ids: selected, action },
      {
        onSuccess: () => {
          setConfirmTrash(false);
          if (action.type === 'trash') {
            undoTrash(kind, selected, done);
            onDone(null);
          } else onDone(done);
        },
        onError: (error) => {
          if (!confirmTrash) onError(apiErrorMessage(error, t));
        },
      },
    );

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      className="bulk-bar"
      role="region"
      aria-label={t('bulk.region')}
      data-testid="bulk-bar"
    >
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600} aria-live="polite" data-testid="bulk-count">
          {t('bulk.selected', { count })}
        </Text>
        <Group gap="xs">
          <MoveMenu
            folders={folders}
            busy={bulk.isPending && bulk.variables?.action.type === 'move'}
            onMove={(folder) =>
              run(
                { type: 'move', folderId: folder?.id ?? null },
                folder ? t('bulk.moved', { count, name: folder.name }) : t('bulk.movedNone', { count }),
              )
            }
          />
          <LabelMenu
            labels={labels}
            busy={bulk.isPending && bulk.variables?.action.type === 'label'}
            onLabel={(label, add) =>
              run({ type: 'label', labelId: label.id, add }, t(add ? 'bulk.labelAdded' : 'bulk.labelRemoved', { count, name: label.name }))
            }
          />
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => {
              bulk.reset();
              setConfirmTrash(true);
            }}
            data-testid="bulk-trash"
          >
            {t('bulk.trash')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear} data-testid="bulk-clear">
            {t('bulk.clear')}
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirmTrash}
        title={t('bulk.trashTitle', { count })}
        confirmLabel={t('bulk.trashConfirm')}
        danger
        loading={bulk.isPending}
        error={bulk.isError && confirmTrash ? apiErrorMessage(bulk.error, t) : null}
        onConfirm={() => run({ type: 'trash' }, t('bulk.trashed', { count }))}
        onClose={() => setConfirmTrash(false)}
      >
        {t('bulk.trashBody', { count })}
      </ConfirmDialog>
    </Paper>
  );
}

/** Moves the selection to a folder, or out of any. */
function MoveMenu({ folders, busy, onMove }: { folders: Collection[]; busy: boolean; onMove: (folder: Collection | null) => void }) {
  const { t } = useTranslation('profiles');
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" loading={busy} data-testid="bulk-move">
          {t('bulk.move')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onMove(null)}>{t('filters.noFolder')}</Menu.Item>
        {folders.map((f) => (
          <Menu.Item key={f.id} leftSection={<ColorSwatch color={f.color} size={12} />} onClick={() => onMove(f)}>
            {f.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Adds a label to every selected one, or removes it. */
function LabelMenu({ labels, busy, onLabel }: { labels: Collection[]; busy: boolean; onLabel: (label: Collection, add: boolean) => void }) {
  const { t } = useTranslation('profiles');
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" disabled={labels.length === 0} loading={busy} data-testid="bulk-label">
          {t('bulk.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('bulk.addLabel')}</Menu.Label>
        {labels.map((l) => (
          <Menu.Item key={`add-${l.id}`} leftSection={<ColorSwatch color={l.color} size={12} />} onClick={() => onLabel(l, true)}>
            {l.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('bulk.removeLabel')}</Menu.Label>
        {labels.map((l) => (
          <Menu.Item key={`remove-${l.id}`} leftSection={<ColorSwatch color={l.color} size={12} />} onClick={() => onLabel(l, false)}>
            {l.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
