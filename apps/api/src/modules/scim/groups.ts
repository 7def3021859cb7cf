import type { Services } from '../../platform/modules.js';
import { notFound, ScimError } from './errors.js';
import { member } from './filter.js';
import { applyPatch, readPatch } from './patch.js';
import type { ScimGroupRow, ScimRepository } from './repository.js';
import { GROUP_SCHEMA, project, versionOf } from './resources.js';
import { listResponse, type ListQuery, type ScimCaller } from './users.js';

type TeamsService = Services['teams'];

type Json = Record<string, unknown>;
const MULTI_VALUED_GROUP = new Set(['members']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Groups (docs/decisions/0040): the team's groups as the identity provider pushes them, stored with
 * their members (Users of the team). They grant nothing in Enlaza: roles stay the team's own choice.
 */
export function createScimGroups(deps: { repo: ScimRepository; teams: TeamsService }) {
  const { repo, teams } = deps;
  const via = (caller: ScimCaller) => `SCIM: ${caller.tokenName}`;

  async function people(caller: ScimCaller): Promise<Map<string, { name: string; active: boolean }>> {
    const [members, scimRows] = await Promise.all([teams.repo.members(caller.teamId, 'all'), repo.users(caller.teamId)]);
    const known = new Set(scimRows.map((r) => r.userId));
    return new Map(
      members
        .filter((m) => m.member.status === 'active' || known.has(m.member.userId))
        .map((m) => [m.member.userId, { name: m.name, active: m.member.status === 'active' }]),
    );
  }

  function resource(caller: ScimCaller, group: ScimGroupRow, memberIds: string[], names: Map<string, { name: string }>): Json {
    const body: Json = {
      schemas: [GROUP_SCHEMA],
      id: group.id,
      ...(group.externalId ? { externalId: group.externalId } : {}),
      displayName: group.displayName,
      members: memberIds.map((id) => ({ value: id, display: names.get(id)?.name ?? '', $ref: `${caller.base}/Users/${id}` })),
    };
    return {
      ...body,
      meta: {
        resourceType: 'Group',
        created: group.createdAt.toISOString(),
        lastModified: group.updatedAt.toISOString(),
        location: `${caller.base}/Groups/${group.id}`,
        version: versionOf(body),
      },
    };
  }

  async function find(caller: ScimCaller, id: string): Promise<ScimGroupRow> {
    const group = UUID.test(id) ? await repo.group(caller.teamId, id) : undefined;
    if (!group) throw notFound('Group');
    return group;
  }

  /** A Group body: its name and its members, each a User of this team (another id is 400 invalidValue, whoever it is). */
  async function read(caller: ScimCaller, body: unknown) {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new ScimError(400, 'invalidSyntax', 'The body must be a Group resource.');
    const displayName = member(body, 'displayName');
    if (typeof displayName !== 'string' || !displayName.trim() || displayName.length > 200)
      throw new ScimError(400, 'invalidValue', 'displayName is required (at most 200 characters).');
    const externalId = member(body, 'externalId');
    if (externalId !== undefined && externalId !== null && typeof externalId !== 'string')
      throw new ScimError(400, 'invalidValue', 'externalId must be a string.');
    const listed = member(body, 'members') ?? [];
    if (!Array.isArray(listed)) throw new ScimError(400, 'invalidValue', 'members must be a list.');
    const ids = [...new Set((listed as unknown[]).map((m): unknown => (m && typeof m === 'object' ? member(m, 'value') : m)))];
    const known = await people(caller);
    for (const id of ids)
      if (typeof id !== 'string' || !known.has(id))
        throw new ScimError(400, 'invalidValue', `members: ${String(id)} is not a User of this team.`);
    return {
      displayName: displayName.trim(),
      externalId: externalId ?? null,
      members: ids as string[],
      known,
    };
  }

  async function requireFreeName(caller: ScimCaller, displayName: string, id?: string): Promise<void> {
    const holder = await repo.groupNamed(caller.teamId, displayName);
    if (holder && holder.id !== id) throw new ScimError(409, 'uniqueness', 'The team has a group with this displayName.');
  }

  async function save(caller: ScimCaller, group: ScimGroupRow | null, body: unknown): Promise<Json> {
    const wanted = await read(caller, body);
    await requireFreeName(caller, wanted.displayName, group?.id);
    const ownerId = await teams.repo.ownerOf(caller.teamId);
    const before = group
      ? { name: group.displayName, members: ((await repo.memberships(caller.teamId)).get(group.id) ?? []).length }
      : undefined;
    const saved = await repo.transaction(async (tx) => {
      const row = group
        ? (await repo.updateGroup(tx, group.id, { displayName: wanted.displayName, externalId: wanted.externalId }), group)
        : await repo.insertGroup(tx, { teamId: caller.teamId, displayName: wanted.displayName, externalId: wanted.externalId });
      await repo.setGroupMembers(tx, row.id, wanted.members);
      await teams.context.record(
        group ? 'team.group_changed' : 'team.group_created',
        {
          actor: null,
          userId: ownerId,
          target: { type: 'scim_group', id: row.id },
          before,
          after: { name: wanted.displayName, members: wanted.members.length, via: via(caller) },
        },
        tx,
      );
      return row.id;
    });
    return resource(caller, await find(caller, saved), wanted.members, wanted.known);
  }

  return {
    async list(caller: ScimCaller, query: ListQuery) {
      const [groups, memberships, names] = await Promise.all([repo.groups(caller.teamId), repo.memberships(caller.teamId), people(caller)]);
      return listResponse(
        groups.map((g) => resource(caller, g, memberships.get(g.id) ?? [], names)),
        query,
      );
    },

    async get(caller: ScimCaller, id: string, query: ListQuery) {
      const group = await find(caller, id);
      const [memberships, names] = await Promise.all([repo.memberships(caller.teamId), people(caller)]);
      return project(resource(caller, group, memberships.get(group.id) ?? [], names), query.attributes, query.excludedAttributes);
    },

    create: (caller: ScimCaller, body: unknown) => save(caller, null, body),

    async replace(caller: ScimCaller, id: string, body: unknown) {
      return save(caller, await find(caller, id), body);
    },

    async patch(caller: ScimCaller, id: string, body: unknown) {
      const operations = readPatch(body);
      const group = await find(caller, id);
      const [memberships, names] = await Promise.all([repo.memberships(caller.teamId), people(caller)]);
      const patched = applyPatch(resource(caller, group, memberships.get(group.id) ?? [], names), operations, MULTI_VALUED_GROUP);
      return save(caller, group, patched);
    },

    async remove(caller: ScimCaller, id: string): Promise<void> {
      const group = await find(caller, id);
      const ownerId = await teams.repo.ownerOf(caller.teamId);
      await repo.transaction(async (tx) => {
        await repo.deleteGroup(tx, group.id);
        await teams.context.record(
          'team.group_deleted',
          {
            actor: null,
            userId: ownerId,
            target: { type: 'scim_group', id: group.id },
            before: { name: group.displayName },
            after: { via: via(caller) },
          },
          tx,
        );
      });
    },
  };
}

export type ScimGroups = ReturnType<typeof createScimGroups>;
