import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrashKind } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { notify } from '@/components/notifications';
import { restoreFromTrash } from '@/lib/api/restore-from-trash';

/**
 * After a move to the trash: a notification saying so, with an "Undo" button (keyboard reachable;
 * the notification stays while it has focus) that restores what was moved. Pages that use it load
 * the `trash` namespace with their code (router.tsx).
 */
export function useUndoTrash() {
  const { t } = useTranslation(['trash', 'admin']);
  const queryClient = useQueryClient();
  return useCallback(
    (kind: TrashKind, ids: string[], message: string) =>
      notify('success', message, {
        label: t('trash:undo.action'),
        onClick: () => {
          void Promise.all(ids.map((id) => restoreFromTrash(kind, id)))
            .then(
              () => notify('success', t('trash:undo.done', { count: ids.length })),
              (error: unknown) => notify('error', apiErrorMessage(error, t)),
            )
            .finally(() => void queryClient.invalidateQueries());
        },
      }),
    [t, queryClient],
  );
}
