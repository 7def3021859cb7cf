import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CloudFile, FileUse } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { useUndoTrash } from '@/components/use-undo-trash';
import { ApiError } from '@/lib/http';
import { apiErrorMessage } from '@/lib/api-error-message';
import { cloudKeys } from '@/lib/api/cloud-keys';
import { fileUses } from '../api/file-uses';
import { trashFiles } from '../api/trash-files';

/** Files waiting for the user's word: some are in use, and where is listed. */
export type TrashInUse = { files: CloudFile[]; uses: FileUse[] };

/**
 * Moving files to the trash, as the Nube does it: a file nobody uses goes at once; when one is in
 * use the server refuses (`file.in_use`), and `pending` holds the files with where they are used
 * for the dialog to ask. Either way, once they are in the trash the notification offers Undo.
 */
export function useTrashFiles({ onTrashed }: { onTrashed?: () => void } = {}) {
  const { t } = useTranslation('cloud');
  const queryClient = useQueryClient();
  const undoTrash = useUndoTrash();
  const [pending, setPending] = useState<TrashInUse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(files: CloudFile[], confirm: boolean) {
    const ids = files.map((f) => f.id);
    setBusy(true);
    setError(null);
    try {
      await trashFiles(ids, confirm);
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: cloudKeys.all });
      const [only] = files;
      undoTrash(
        'file',
        ids,
        files.length === 1 && only ? t('notify.deleted', { name: only.name }) : t('notify.deletedMany', { count: files.length }),
      );
      onTrashed?.();
    } catch (e) {
      if (!confirm && e instanceof ApiError && e.code === 'file.in_use') {
        try {
          const uses = await fileUses(ids);
          // Nothing uses them any more (changed meanwhile): nothing to ask.
          if (uses.length === 0) return await run(files, true);
          setPending({ files, uses });
        } catch (again) {
          notify('error', apiErrorMessage(again, t));
        }
      } else if (confirm) setError(apiErrorMessage(e, t));
      else notify('error', apiErrorMessage(e, t));
    } finally {
      setBusy(false);
    }
  }

  return {
    /** Moves these files to the trash, or asks first (`pending`) when one is in use. */
    trash: (files: CloudFile[]) => void run(files, false),
    pending,
    busy,
    /** The last failure of the confirmed move, shown in the dialog. */
    error,
    confirm: () => {
      if (pending) void run(pending.files, true);
    },
    cancel: () => {
      setPending(null);
      setError(null);
    },
  };
}
