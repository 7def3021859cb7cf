import type { FileUse, FileUseKind } from '@enlaza/contracts';

/**
 * What a module registers for the records of its own that may use a cloud file (a card's photo, a
 * post's image, an image in an email): `usesOf` answers the owner's live records using any of
 * `fileIds`, one use per record and role, from its own tables only. The cloud asks before a file
 * goes to the trash and never reads those tables itself.
 */
export interface FileUseProvider {
  kinds: readonly FileUseKind[];
  usesOf(userId: string, fileIds: readonly string[]): Promise<FileUse[]>;
}

export type FileUseRegistry = ReturnType<typeof createFileUseRegistry>;

/** Providers register once, at start-up (the modules' `fileUses` parts); every kind has one owner. */
export function createFileUseRegistry() {
  const providers: FileUseProvider[] = [];
  const kinds = new Set<FileUseKind>();
  return {
    register(...list: FileUseProvider[]) {
      for (const provider of list) {
        for (const kind of provider.kinds) {
          if (kinds.has(kind)) throw new Error(`file use kind ${kind} registered twice`);
          kinds.add(kind);
        }
        providers.push(provider);
      }
    },

    /** Every use of these files by their owner's records, in the order the modules registered, then by name. */
    async usesOf(userId: string, fileIds: readonly string[]): Promise<FileUse[]> {
      if (fileIds.length === 0) return [];
      const parts = await Promise.all(providers.map((p) => p.usesOf(userId, fileIds)));
      return parts.flatMap((part) => [...part].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)));
    },
  };
}
