import type { ActivityRepository } from './repository.js';

/** Where a request came from, as recorded with sign-ins and changes. */
export type RequestOrigin = { address: string | null; device: string | null };

export type ActivityInput = {
  action: string;
  userId: string | null;
  actorId?: string | null;
  target?: { type: string; id: string };
  origin?: RequestOrigin;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
};

/** Historial: every sign-in, failed sign-in, change and admin action is recorded here. */
export function createActivityService(repo: ActivityRepository) {
  return {
    record: (input: ActivityInput) =>
      repo.insert({
        action: input.action,
        userId: input.userId,
        actorId: input.actorId ?? null,
        targetType: input.target?.type ?? null,
        targetId: input.target?.id ?? null,
        address: input.origin?.address ?? null,
        device: input.origin?.device ?? null,
        before: input.before ?? null,
        after: input.after ?? null,
      }),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
