import { type Profile, type ProfileInput, type ProfileKind, type ProfileListQuery } from '@enlaza/contracts';
import { AppError, type MessageParams } from '../../lib/errors.js';
import { changesBetween } from '../activity/changes.js';
import type { ActivityService } from '../activity/service.js';
import type { UserRow } from '../auth/repository.js';
import type { SubscriptionsService } from '../subscriptions/service.js';
import type { ProfileRow, ProfilesRepository, ProfileValues } from './repository.js';
import { storedCard, storedTag } from './stored-fields.js';

type Bulk = { ids: string[]; action: { type: 'move'; folderId: string | null } | { type: 'label'; labelId: string; add: boolean } | { type: 'trash' } };
type FieldErrors = Record<string, { code: string; params?: MessageParams }[]>;

const displayName = (input: ProfileInput) => (input.kind === 'card' ? [input.card.firstName, input.card.lastName].filter(Boolean).join(' ') : input.tag.name);

/** Cards and smart tags of one owner: ownership, references and plan quotas are checked here and only here. */
/** Card, tag and file changes go to the history (Historial) through the activity service. */
type ActivityRecorder = Pick<ActivityService, 'record'>;

export function createProfilesService(repo: ProfilesRepository, subscriptions: SubscriptionsService, activity?: ActivityRecorder) {
  const record = (user: UserRow, action: 'profile.created' | 'profile.updated' | 'profile.trashed', id: string, change?: { before: Record<string, unknown>; after: Record<string, unknown> }) =>
    activity?.record({ action, userId: user.id, actorId: user.id, target: { type: 'profile', id }, ...change });

  function toProfile(row: ProfileRow, labelIds: string[], alias: string): Profile {
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      photoFileId: row.photoFileId,
      coverFileId: row.coverFileId,
      theme: row.theme,
      visibility: row.visibility,
      contactForm: row.contactForm,
      wall: row.wall,
      folderId: row.folderId,
      labelIds,
      // A card created with the account has only its name until its owner edits it.
      card: row.kind === 'card' ? storedCard(row.name, row.card) : null,
      tag: row.kind === 'tag' ? storedTag(row.name, row.tag) : null,
      publicPath: `/link/${alias}/${row.id}`,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Photo, cover, folder and labels must be the owner's own, of the same kind. */
  async function checkReferences(user: UserRow, input: ProfileInput): Promise<void> {
    const errors: FieldErrors = {};
    const fileIds = [input.photoFileId, input.coverFileId].filter((x): x is string => Boolean(x));
    const files = await repo.ownedFiles(user.id, fileIds);
    if (input.photoFileId && !files.has(input.photoFileId)) errors.photoFileId = [{ code: 'validation.not_yours' }];
    if (input.coverFileId && !files.has(input.coverFileId)) errors.coverFileId = [{ code: 'validation.not_yours' }];
    if (input.folderId && !(await repo.ownedCollection('folders', user.id, input.kind, [input.folderId])).has(input.folderId)) errors.folderId = [{ code: 'validation.not_yours' }];
    const labels = await repo.ownedCollection('labels', user.id, input.kind, input.labelIds);
    if (input.labelIds.some((id) => !labels.has(id))) errors.labelIds = [{ code: 'validation.not_yours' }];
    if (Object.keys(errors).length) throw new AppError('validation.failed', {}, errors);
  }

  function values(input: ProfileInput): ProfileValues {
    return {
      name: displayName(input),
      photoFileId: input.photoFileId,
      coverFileId: input.coverFileId,
      theme: input.theme,
      visibility: input.visibility,
      contactForm: input.contactForm,
      wall: input.wall,
      folderId: input.folderId,
      card: input.kind === 'card' ? (input.card) : null,
      tag: input.kind === 'tag' ? (input.tag) : null,
    };
  }

  async function one(user: UserRow, row: ProfileRow): Promise<Profile> {
    return toProfile(row, (await repo.labelsOf([row.id])).get(row.id) ?? [], user.alias);
  }

  return {
    async list(user: UserRow, query: ProfileListQuery) {
      const { rows, total } = await repo.list(user.id, query);
      const labels = await repo.labelsOf(rows.map((r) => r.id));
      return { data: rows.map((r) => toProfile(r, labels.get(r.id) ?? [], user.alias)), meta: { page: query.page, pageSize: query.pageSize, total } };
    },

    async get(user: UserRow, id: string): Promise<Profile> {
      const row = await repo.find(user.id, id);
      if (!row) throw new AppError('record.not_found');
      return one(user, row);
    },

    async create(user: UserRow, input: ProfileInput): Promise<Profile> {
      await checkReferences(user, input);
      const { limits } = await subscriptions.subscriptionData(user);
      const limit = input.kind === 'card' ? limits.profiles : limits.tags;
      const row = await repo.withOwnerLock(user.id, async (tx) => {
        if ((await repo.countLive(tx, user.id, input.kind)) >= limit) throw new AppError(input.kind === 'card' ? 'quota.cards' : 'quota.tags', { limit });
        return repo.insert(tx, user.id, input.kind, values(input), input.labelIds);
      });
      await record(user, 'profile.created', row.id, { before: {}, after: { kind: row.kind, name: row.name } });
      return one(user, row);
    },

    async update(user: UserRow, id: string, input: ProfileInput): Promise<Profile> {
      const existing = await repo.find(user.id, id);
      if (!existing) throw new AppError('record.not_found');
      if (existing.kind !== input.kind) throw new AppError('validation.failed', {}, { kind: [{ code: 'validation.invalid_value' }] });
      await checkReferences(user, input);
      const next = values(input);
      const row = await repo.update(user.id, id, next, input.labelIds);
      if (!row) throw new AppError('record.not_found');
      // Before and after of what changed: the top-level settings and each card or tag field by name.
      const flat = (v: Partial<Record<'name' | 'visibility' | 'contactForm' | 'wall' | 'folderId' | 'photoFileId' | 'coverFileId' | 'theme' | 'card' | 'tag', unknown>>) => ({
        name: v.name, visibility: v.visibility, contactForm: v.contactForm, wall: v.wall, folderId: v.folderId, photoFileId: v.photoFileId, coverFileId: v.coverFileId, theme: v.theme,
        ...((v.card ?? v.tag ?? {}) as Record<string, unknown>),
      });
      const change = changesBetween(flat(existing), flat(next));
      if (change) await record(user, 'profile.updated', id, { before: { name: existing.name, ...change.before }, after: { name: row.name, ...change.after } });
      return one(user, row);
    },

    async bulk(user: UserRow, kind: ProfileKind, { ids, action }: Bulk): Promise<{ affected: number }> {
      const unique = [...new Set(ids)];
      // All or nothing: one id that is not the owner's live profile makes the whole request 404.
      if ((await repo.countOwned(user.id, kind, unique)) !== unique.length) throw new AppError('record.not_found');
      if (action.type === 'move') {
        if (action.folderId && !(await repo.ownedCollection('folders', user.id, kind, [action.folderId])).has(action.folderId)) throw new AppError('record.not_found');
        await repo.moveToFolder(user.id, unique, action.folderId);
      } else if (action.type === 'label') {
        if (!(await repo.ownedCollection('labels', user.id, kind, [action.labelId])).has(action.labelId)) throw new AppError('record.not_found');
        await repo.toggleLabel(unique, action.labelId, action.add);
      } else {
        if (user.mainProfileId && unique.includes(user.mainProfileId)) throw new AppError('profile.main_profile');
        const names = new Map<string, string>();
        for (const id of unique) names.set(id, (await repo.find(user.id, id))?.name ?? '');
        await repo.trash(user.id, unique);
        for (const id of unique) await record(user, 'profile.trashed', id, { before: { name: names.get(id) }, after: { name: names.get(id) } });
      }
      return { affected: unique.length };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
