import type { TrashKind } from '@enlaza/contracts';
import { restoreFromTrash } from '@/lib/api/restore-from-trash';
import { useTrashMutation } from './use-trash-mutation';

export const useRestoreItem = () => useTrashMutation(({ kind, id }: { kind: TrashKind; id: string }) => restoreFromTrash(kind, id));
