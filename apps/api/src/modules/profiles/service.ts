import { TEAM_FIELD_PATHS, type Profile, type ProfileInput, type ProfileKind, type ProfileListQuery } from '@enlaza/contracts';
import { AppError, type MessageParams } from '../../lib/errors.js';
import { changesBetween } from '../activity/index.js';
import type { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/actor.js';
import type { AccountDirectory } from '../account/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { shortSlugOf, type ProfileRow, type ProfilesRepository, type ProfileValues } from './repository.js';
import { storedCard, storedTag } from './stored-fields.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import { translate } from '../../lib/i18n.js';
import type { TeamCardTemplate } from '../teams/index.js';
import { lockedChanges, lockedFieldsOf } from './team-locks.js';

type Bulk = {
  ids: string[];
  action: { type: 'move'; folderId: string | null } | { type: 'label'; labelId: string; add: boolean } | { type: 'trash' };
};
type FieldErrors = Record<string, { code: string; params?: MessageParams }[]>;

const displayName = (input: ProfileInput) =>
  input.kind === 'card' ? [input.card.firstName, input.card.lastName].filter(Boolean).join(' ') : input.tag.name;

/** The owner's public alias and main card, which name a profile's public and share paths. */
type OwnerFacts = { alias: string; mainProfileId: string | null };

/** The short address to share: the alias alone for the owner's own main card, else the alias and the id's slug. */
function sharePathOf(row: ProfileRow, { alias, mainProfileId }: OwnerFacts, team?: TeamCardTemplate): string {
  const linkAlias = encodeURIComponent(team?.team.alias ?? alias);
  return !team && row.id === mainProfileId ? `/link/${linkAlias}` : `/link/${linkAlias}/${shortSlugOf(row.id)}`;
}

/** A profile as the API answers it; `owner.alias` names its public path (a team card's is its team's). */
function toProfile(row: ProfileRow, labelIds: string[], owner: OwnerFacts, team?: TeamCardTemplate): Profile {
  const alias = owner.alias;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    photoFileId: row.photoFileId,
    coverFileId: row.coverFileId,
    logoFileId: row.logoFileId,
    theme: row.theme,
    visibility: row.visibility,
    contactForm: row.contactForm,
    wall: row.wall,
    sectionOrder: row.sectionOrder,
    folderId: row.folderId,
    labelIds,
    // A card created with the account has only its name until its owner edits it.
    card: row.kind === 'card' ? storedCard(row.name, row.card) : null,
    tag: row.kind === 'tag' ? storedTag(row.name, row.tag) : null,
    publicPath: `/link/${team?.team.alias ?? alias}/${row.id}`,
    sharePath: sharePathOf(row, owner, team),
    team: team ? { id: team.team.id, name: team.team.name } : null,
    lockedFields: team ? lockedFieldsOf(team.template.locks) : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored columns of a card's or tag's input. */
function values(input: ProfileInput): ProfileValues {
  return {
    name: displayName(input),
    photoFileId: input.photoFileId,
    coverFileId: input.coverFileId,
    logoFileId: input.logoFileId,
    theme: input.theme,
    visibility: input.visibility,
    contactForm: input.contactForm,
    wall: input.wall,
    sectionOrder: input.sectionOrder,
    folderId: input.folderId,
    card: input.kind === 'card' ? input.card : null,
    tag: input.kind === 'tag' ? input.tag : null,
  };
}

/** Before and after of what changed, for the history: the top-level settings and each card or tag field by name. */
const historyFields = (
  v: Partial<
    Record<
      | 'name'
      | 'visibility'
      | 'contactForm'
      | 'wall'
      | 'sectionOrder'
      | 'folderId'
      | 'photoFileId'
      | 'coverFileId'
      | 'logoFileId'
      | 'theme'
      | 'card'
      | 'tag',
      unknown
    >
  >,
) => ({
  name: v.name,
  visibility: v.visibility,
  contactForm: v.contactForm,
  wall: v.wall,
  sectionOrder: v.sectionOrder,
  folderId: v.folderId,
  photoFileId: v.photoFileId,
  coverFileId: v.coverFileId,
  logoFileId: v.logoFileId,
  theme: v.theme,
  ...((v.card ?? v.tag ?? {}) as Record<string, unknown>),
});

/** Cards and smart tags of one owner: ownership, references and plan quotas are checked here and only here. */
/** Card and tag changes go to the history (Historial): each is an event of its name, recorded by the activity module. */
type HistoryPublisher = Pick<EventBus, 'publish'>;

export function createProfilesService(
  repo: ProfilesRepository,
  requireAccess: RequireAccess,
  subscriptions: SubscriptionsService,
  accounts: Pick<AccountDirectory, 'profileFacts'>,
  events?: HistoryPublisher,
) {
  /** The owner's public alias names every profile's public path. */
  const ownerOf = (actor: Actor): Promise<OwnerFacts> => accounts.profileFacts(actor.id);

  const record = (
    actor: Actor,
    action: 'profile.created' | 'profile.updated' | 'profile.trashed',
    id: string,
    change?: { before: Record<string, unknown>; after: Record<string, unknown> },
  ) => events?.publish(action, { userId: actor.id, actorId: actor.id, target: { type: 'profile', id }, ...change });

  /**
   * Photo, cover, folder and labels must be the owner's own (else 404, as any other user's record),
   * and fit: a folder and labels of the profile's kind, a new photo or cover a live file (422 on the
   * field). The file the profile already has may be in the trash (kept, and shown again once the file
   * is restored), so editing the rest of the card still saves.
   */
  async function checkReferences(actor: Actor, input: ProfileInput, existing?: ProfileRow): Promise<void> {
    const errors: FieldErrors = {};
    const isNew = (id: string | null, kept: string | null | undefined): id is string => Boolean(id) && id !== kept;
    const photoIsNew = isNew(input.photoFileId, existing?.photoFileId);
    const coverIsNew = isNew(input.coverFileId, existing?.coverFileId);
    const logoIsNew = isNew(input.logoFileId ?? null, existing?.logoFileId);
    const fileIds = [
      photoIsNew ? input.photoFileId : null,
      coverIsNew ? input.coverFileId : null,
      logoIsNew ? input.logoFileId : null,
    ].filter((x): x is string => Boolean(x));
    await requireAccess(actor, 'file', fileIds);
    await requireAccess(actor, 'folder', input.folderId ?? []);
    await requireAccess(actor, 'label', input.labelIds);
    const files = await repo.ownedFiles(actor.id, fileIds);
    if (photoIsNew && !files.has(input.photoFileId!)) errors.photoFileId = [{ code: 'validation.invalid_value' }];
    if (coverIsNew && !files.has(input.coverFileId!)) errors.coverFileId = [{ code: 'validation.invalid_value' }];
    if (logoIsNew && !files.has(input.logoFileId!)) errors.logoFileId = [{ code: 'validation.invalid_value' }];
    if (input.folderId && !(await repo.ownedCollection('folders', actor.id, input.kind, [input.folderId])).has(input.folderId))
      errors.folderId = [{ code: 'validation.invalid_value' }];
    const labels = await repo.ownedCollection('labels', actor.id, input.kind, input.labelIds);
    if (input.labelIds.some((id) => !labels.has(id))) errors.labelIds = [{ code: 'validation.invalid_value' }];
    if (Object.keys(errors).length) throw new AppError('validation.failed', {}, errors);
  }

  /** A folder or label of another kind of profile than the bulk's (the owner's own: 422, not 404). */
  async function requireCollectionOfKind(table: 'folders' | 'labels', actor: Actor, kind: ProfileKind, id: string): Promise<void> {
    await requireAccess(actor, table === 'folders' ? 'folder' : 'label', id);
    if (!(await repo.ownedCollection(table, actor.id, kind, [id])).has(id))
      throw new AppError(
        'validation.failed',
        {},
        { [table === 'folders' ? 'action.folderId' : 'action.labelId']: [{ code: 'validation.invalid_value' }] },
      );
  }

  async function one(actor: Actor, row: ProfileRow): Promise<Profile> {
    const [labels, owner, teams] = await Promise.all([repo.labelsOf([row.id]), ownerOf(actor), repo.teamCardsOf([row])]);
    return toProfile(row, labels.get(row.id) ?? [], owner, teams.get(row.id));
  }

  /** A member may change a team card's own fields, not those its team locks: 403 naming them, and an error on each field. */
  async function refuseLockedChanges(actor: Actor, existing: ProfileRow, input: ProfileInput): Promise<void> {
    const team = (await repo.teamCardsOf([existing])).get(existing.id);
    const locked = team ? lockedChanges(team.template, input) : [];
    if (locked.length === 0) return;
    const names = locked.map((field) => translate(actor.locale, `team.fields.${field}`)).join(', ');
    throw new AppError(
      'team.field_locked',
      { fields: names },
      Object.fromEntries(locked.map((field) => [TEAM_FIELD_PATHS[field], [{ code: 'validation.field_locked' }]])),
      undefined,
      { fields: locked.join(',') },
    );
  }

  return {
    async list(actor: Actor, query: ProfileListQuery) {
      const [{ rows, total }, owner] = await Promise.all([repo.list(actor.id, query), ownerOf(actor)]);
      const [labels, teams] = await Promise.all([repo.labelsOf(rows.map((r) => r.id)), repo.teamCardsOf(rows)]);
      return {
        data: rows.map((r) => toProfile(r, labels.get(r.id) ?? [], owner, teams.get(r.id))),
        meta: { page: query.page, pageSize: query.pageSize, total },
      };
    },

    async get(actor: Actor, id: string): Promise<Profile> {
      await requireAccess(actor, 'profile', id);
      return one(actor, afterAccess(await repo.find(actor.id, id)));
    },

    async create(actor: Actor, input: ProfileInput): Promise<Profile> {
      await checkReferences(actor, input);
      const { limits } = await subscriptions.subscriptionData(actor);
      const limit = input.kind === 'card' ? limits.profiles : limits.tags;
      const row = await repo.withOwnerLock(actor.id, async (tx) => {
        if ((await repo.countLive(tx, actor.id, input.kind)) >= limit)
          throw new AppError(input.kind === 'card' ? 'quota.cards' : 'quota.tags', { limit });
        return repo.insert(tx, actor.id, input.kind, values(input), input.labelIds);
      });
      await record(actor, 'profile.created', row.id, { before: {}, after: { kind: row.kind, name: row.name } });
      return one(actor, row);
    },

    /** Switches the profile's wall on (Walls offers it when a post is published on a wall that is off); recorded in the history. */
    async switchWallOn(actor: Actor, id: string): Promise<void> {
      await requireAccess(actor, 'profile', id);
      const row = await repo.switchWallOn(actor.id, id);
      if (row)
        await record(actor, 'profile.updated', id, { before: { name: row.name, wall: false }, after: { name: row.name, wall: true } });
    },

    async update(actor: Actor, id: string, input: ProfileInput): Promise<Profile> {
      await requireAccess(actor, 'profile', id);
      const existing = afterAccess(await repo.find(actor.id, id));
      if (existing.kind !== input.kind) throw new AppError('validation.failed', {}, { kind: [{ code: 'validation.invalid_value' }] });
      await checkReferences(actor, input, existing);
      await refuseLockedChanges(actor, existing, input);
      const next = values(input);
      const row = afterAccess(await repo.update(actor.id, id, next, input.labelIds));
      const change = changesBetween(historyFields(existing), historyFields(next));
      if (change)
        await record(actor, 'profile.updated', id, {
          before: { name: existing.name, ...change.before },
          after: { name: row.name, ...change.after },
        });
      return one(actor, row);
    },

    async bulk(actor: Actor, kind: ProfileKind, { ids, action }: Bulk): Promise<{ affected: number }> {
      const unique = [...new Set(ids)];
      // All or nothing: one id that is not the owner's live profile of this kind makes the whole request 404.
      await requireAccess(actor, kind, unique);
      if (action.type === 'move') {
        if (action.folderId) await requireCollectionOfKind('folders', actor, kind, action.folderId);
        await repo.moveToFolder(actor.id, unique, action.folderId);
      } else if (action.type === 'label') {
        await requireCollectionOfKind('labels', actor, kind, action.labelId);
        await repo.toggleLabel(unique, action.labelId, action.add);
      } else {
        const { mainProfileId } = await accounts.profileFacts(actor.id);
        if (mainProfileId && unique.includes(mainProfileId)) throw new AppError('profile.main_profile');
        const names = new Map<string, string>();
        for (const id of unique) {
          const row = await repo.find(actor.id, id);
          // A team card stays live: the team takes it back when its member leaves.
          if (row?.teamId) throw new AppError('team.card_managed');
          names.set(id, row?.name ?? '');
        }
        await repo.trash(actor.id, unique);
        for (const id of unique)
          await record(actor, 'profile.trashed', id, { before: { name: names.get(id) }, after: { name: names.get(id) } });
      }
      return { affected: unique.length };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
