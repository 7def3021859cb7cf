import type { Locale, Role, TrashKind } from '@enlaza/contracts';

/** Who is asking: the trash never needs the users row. */
export type TrashOwner = { id: string; role: Role; locale: Locale | null };

/** A position in a list ordered by (deleted_at desc, id desc); `deletedAt` is fixed-width UTC text (comparable as a string). */
export type TrashCursor = { deletedAt: string; id: string };

/** One item as its module describes it; `deletedAtKey` is the cursor text of its deletion time. */
export type TrashEntry = { kind: TrashKind; id: string; name: string; summary: string | null; deletedAt: Date; deletedAtKey: string };

export type TrashPage = { cursor: TrashCursor | null; limit: number };

/**
 * What a module registers for each kind it soft-deletes. The module owns the tables: the trash only
 * aggregates. `list` answers up to `page.limit` entries older than the cursor, newest deletion first;
 * `restore` throws `record.not_found` for anything that is not the owner's trashed item, and a quota
 * error (changing nothing) when bringing it back would exceed the plan; it answers the restored item's
 * name as the history should show it (null when it should not be kept there, e.g. a visitor's name); `purge` deletes for good
 * (bytes too) the owner's trashed items among `ids`, or all of them when `ids` is omitted;
 * `purgeExpired` deletes for good every item of any owner deleted before `before`; `trashed` answers
 * which of `ids` are the owner's items in the trash, in one query (the access kind `trash.<kind>`,
 * which the trash checks before `restore` and `purge`).
 */
export interface TrashProvider {
  kind: TrashKind;
  list(owner: TrashOwner, filter: Record<string, never>, page: TrashPage): Promise<TrashEntry[]>;
  restore(owner: TrashOwner, id: string): Promise<{ name: string | null }>;
  purge(owner: TrashOwner, ids?: string[]): Promise<number>;
  purgeExpired(before: Date): Promise<number>;
  trashed(ownerId: string, ids: readonly string[]): Promise<Set<string>>;
}

export type TrashRegistry = ReturnType<typeof createTrashRegistry>;

/** Kinds register once, at start-up (the modules' `trash` parts); the trash module reads them. */
export function createTrashRegistry() {
  const providers = new Map<TrashKind, TrashProvider>();
  return {
    register(...list: TrashProvider[]) {
      for (const p of list) {
        if (providers.has(p.kind)) throw new Error(`trash kind ${p.kind} registered twice`);
        providers.set(p.kind, p);
      }
    },
    get(kind: TrashKind): TrashProvider | undefined {
      return providers.get(kind);
    },
    all(): TrashProvider[] {
      return [...providers.values()];
    },
  };
}

/** SQL for a deletion time as fixed-width UTC text, so cursors compare the same in SQL and as strings. */
export const DELETED_AT_KEY_FORMAT = `YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"`;
