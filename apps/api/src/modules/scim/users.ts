import type { Database } from '../../db/client.js';
import { hashPassword, randomToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { createRegistrationRepository, insertPendingUser } from '../account/index.js';
import type { AccountDirectory } from '../account/index.js';
import type { AuthService } from '../auth/index.js';
import { activateAccount, type RegistrationService } from '../registration/index.js';
import type { Services } from '../../platform/modules.js';
import { notFound, ScimError } from './errors.js';
import { matches, parseFilter } from './filter.js';
import { applyPatch, readPatch } from './patch.js';
import type { ScimRepository } from './repository.js';
import { LIST_SCHEMA, personName, project, readUser, userResource, type DesiredUser, type MemberFacts } from './resources.js';
import { MAX_RESULTS } from './discovery.js';

type TeamsService = Services['teams'];

/** The team a SCIM request acts for: its token's team, the token (the history names it) and the base URL of `meta.location`. */
export type ScimCaller = { teamId: string; tokenId: string; tokenName: string; base: string };
export type ListQuery = { filter?: string; startIndex?: string; count?: string; attributes?: string; excludedAttributes?: string };

const MULTI_VALUED_USER = new Set([
  'emails',
  'phonenumbers',
  'groups',
  'addresses',
  'ims',
  'photos',
  'roles',
  'entitlements',
  'x509certificates',
]);

type Deps = {
  db: Database;
  repo: ScimRepository;
  teams: TeamsService;
  accounts: Pick<AccountDirectory, 'contact'>;
  auth: Pick<AuthService, 'revokeAllSessions'>;
  registration: Pick<RegistrationService, 'checkAlias'>;
};

/** `startIndex` (1-based) and `count` (RFC 7644 §3.4.2.4): a bad one is read as its default, as the RFC asks. */
export function paging(query: ListQuery): { start: number; count: number } {
  const start = Math.max(1, Number.parseInt(query.startIndex ?? '1', 10) || 1);
  const asked = Number.parseInt(query.count ?? String(MAX_RESULTS), 10);
  return { start, count: Math.min(MAX_RESULTS, Math.max(0, Number.isNaN(asked) ? MAX_RESULTS : asked)) };
}

export function listResponse(all: Record<string, unknown>[], query: ListQuery) {
  const filter = query.filter ? parseFilter(query.filter) : null;
  const found = filter ? all.filter((r) => matches(filter, r)) : all;
  const { start, count } = paging(query);
  const page = found.slice(start - 1, start - 1 + count).map((r) => project(r, query.attributes, query.excludedAttributes));
  return { schemas: [LIST_SCHEMA], totalResults: found.length, startIndex: start, itemsPerPage: page.length, Resources: page };
}

/** The team's members as SCIM sees them (active ones, and removed ones SCIM still knows), with what the provider said and their groups. */
async function membersOf({ repo, teams }: Pick<Deps, 'repo' | 'teams'>, caller: ScimCaller, only?: string): Promise<MemberFacts[]> {
  const [members, scimRows, groups, memberships] = await Promise.all([
    teams.repo.members(caller.teamId, 'all'),
    repo.users(caller.teamId),
    repo.groups(caller.teamId),
    repo.memberships(caller.teamId),
  ]);
  const scim = new Map(scimRows.map((r) => [r.userId, r]));
  const groupsOf = (userId: string) =>
    groups.filter((g) => memberships.get(g.id)?.includes(userId)).map((g) => ({ id: g.id, displayName: g.displayName }));
  return members
    .filter((m) => (!only || m.member.userId === only) && (m.member.status === 'active' || scim.has(m.member.userId)))
    .map(({ member: m, name, email }) => {
      const s = scim.get(m.userId);
      return {
        userId: m.userId,
        email,
        name,
        jobTitle: m.jobTitle,
        phone: m.phone,
        active: m.status === 'active',
        joinedAt: m.joinedAt,
        externalId: s?.externalId ?? null,
        attributes: s?.attributes ?? {},
        createdAt: s?.createdAt ?? m.joinedAt,
        updatedAt: s?.updatedAt ?? m.joinedAt,
        groups: groupsOf(m.userId),
      };
    });
}

/** Users (RFC 7644 §3): the team's members. A removed member is a User with `active: false` while SCIM knows them; another team's id is 404. */
export function createScimUsers(deps: Deps) {
  const { repo, teams } = deps;
  const via = (caller: ScimCaller) => `SCIM: ${caller.tokenName}`;

  const facts = (caller: ScimCaller, only?: string) => membersOf(deps, caller, only);

  async function one(caller: ScimCaller, id: string): Promise<MemberFacts> {
    const [found] = /^[0-9a-f-]{36}$/i.test(id) ? await facts(caller, id) : [];
    if (!found) throw notFound('User');
    return found;
  }

  async function teamOf(teamId: string) {
    const ownerId = await teams.repo.ownerOf(teamId);
    const membership = await teams.repo.membershipOf(ownerId);
    return { ownerId, team: membership!.team };
  }

  /**
   * The account for the address: the one Enlaza knows (it must be active: a pending one waits for its
   * verification, 409), else a new one, active at once (the team's identity provider vouches for the
   * address), with no usable password until they set one ("Forgot password") or sign in with the team's SSO.
   */
  async function accountFor(desired: DesiredUser): Promise<string> {
    const known = await createRegistrationRepository(deps.db).findUserByEmail(desired.userName);
    if (known) {
      if (known.status === 'pending')
        throw new ScimError(
          409,
          'uniqueness',
          'An account with this address is waiting for its email to be verified; it can be added once verified.',
        );
      if (known.status !== 'active') throw new ScimError(409, 'uniqueness', 'The account with this address is not active.');
      return known.id;
    }
    const name = personName(desired);
    const { suggestion } = await deps.registration.checkAlias({ name });
    const passwordHash = await hashPassword(randomToken());
    return deps.db.transaction(async (tx) => {
      const user = await insertPendingUser(tx, {
        name,
        alias: suggestion,
        email: desired.userName,
        passwordHash,
        accountTypeId: null,
        locale: null,
      });
      await activateAccount(tx, user);
      return user.id;
    });
  }

  /** Membership through SCIM: the same joining as an accepted invitation's (card from the template, seat, history). */
  async function admit(caller: ScimCaller, userId: string, desired: DesiredUser, create?: DesiredUser): Promise<void> {
    const { team } = await teamOf(caller.teamId);
    const other = await teams.repo.membershipOf(userId);
    if (other && other.team.id !== caller.teamId) throw new ScimError(409, 'uniqueness', 'This person is a member of another team.');
    if (other) return;
    const contact = await deps.accounts.contact(userId);
    await teams.repo.transaction(async (tx) => {
      const person = {
        userId,
        name: create ? personName(create) : contact.name,
        email: contact.email,
        jobTitle: desired.jobTitle,
        phone: desired.phone,
      };
      await teams.admit(tx, { team, person, role: 'member', locale: contact.locale ?? 'en', actor: null, via: via(caller) });
      await repo.saveUser(tx, { teamId: caller.teamId, userId, externalId: desired.externalId, attributes: desired.attributes });
    });
  }

  /** Deactivation and DELETE: the team's offboarding (its card choice), the member's groups left and their sessions ended at once. */
  async function offboard(caller: ScimCaller, current: MemberFacts): Promise<void> {
    const member = await teams.repo.member(caller.teamId, current.userId);
    if (member?.role === 'owner') throw new ScimError(400, 'mutability', 'The team’s owner cannot be deactivated through SCIM.');
    const card = await repo.cardOnDeactivation(caller.teamId);
    try {
      await teams.members.offboard({ teamId: caller.teamId, userId: current.userId, card, actor: null, via: via(caller) });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'team.member_inactive')) throw error;
    }
    await repo.leaveGroups(deps.db, caller.teamId, current.userId);
    await deps.auth.revokeAllSessions(current.userId);
  }

  async function requireFreeExternalId(caller: ScimCaller, externalId: string | null, userId?: string): Promise<void> {
    if (!externalId) return;
    const holder = await repo.userByExternalId(caller.teamId, externalId);
    if (holder && holder.userId !== userId) throw new ScimError(409, 'uniqueness', 'Another User of the team has this externalId.');
  }

  /** Makes a member what the body says: attributes, job title and phone (in the history), then active or not. */
  async function apply(caller: ScimCaller, before: MemberFacts, desired: DesiredUser): Promise<Record<string, unknown>> {
    if (desired.userName !== before.email.toLowerCase())
      throw new ScimError(400, 'mutability', 'userName is the member’s account email and cannot be changed through SCIM.');
    await requireFreeExternalId(caller, desired.externalId, before.userId);
    if (before.active && !desired.active) {
      // A member SCIM did not make (an invitation's, or single sign-on's just in time) becomes one it
      // knows first, so after the offboarding it is still a User (inactive), as one SCIM made.
      const known = { teamId: caller.teamId, userId: before.userId, externalId: desired.externalId, attributes: desired.attributes };
      await repo.saveUser(deps.db, known);
      await offboard(caller, before);
    }
    if (!before.active && desired.active) await admit(caller, before.userId, desired);
    const current = before.active === desired.active ? before : await one(caller, before.userId);
    const { ownerId } = await teamOf(caller.teamId);
    if (desired.active && (desired.jobTitle !== current.jobTitle || desired.phone !== current.phone)) {
      await teams.repo.updateMember(caller.teamId, current.userId, { jobTitle: desired.jobTitle, phone: desired.phone });
      await teams.context.record('team.member_updated', {
        actor: null,
        userId: ownerId,
        target: { type: 'user', id: current.userId },
        before: { name: current.name, jobTitle: current.jobTitle, phone: current.phone },
        after: { name: current.name, jobTitle: desired.jobTitle, phone: desired.phone, via: via(caller) },
      });
    }
    await repo.saveUser(deps.db, {
      teamId: caller.teamId,
      userId: current.userId,
      externalId: desired.externalId,
      attributes: desired.attributes,
    });
    return userResource(caller.base, await one(caller, current.userId));
  }

  return {
    async list(caller: ScimCaller, query: ListQuery) {
      const all = (await facts(caller)).map((m) => userResource(caller.base, m));
      return listResponse(all, query);
    },

    async get(caller: ScimCaller, id: string, query: ListQuery) {
      return project(userResource(caller.base, await one(caller, id)), query.attributes, query.excludedAttributes);
    },

    /** POST: a new member, or the account that has the address linked and admitted (201); one already a User of the team is 409 uniqueness. */
    async create(caller: ScimCaller, body: unknown): Promise<Record<string, unknown>> {
      const desired = readUser(body);
      await requireFreeExternalId(caller, desired.externalId);
      const known = await createRegistrationRepository(deps.db).findUserByEmail(desired.userName);
      const existing = known ? (await facts(caller, known.id))[0] : undefined;
      if (existing?.active) throw new ScimError(409, 'uniqueness', 'A User of the team has this userName.');
      const userId = await accountFor(desired);
      await admit(caller, userId, { ...desired, active: true }, desired);
      const created = await one(caller, userId);
      if (!desired.active) await offboard(caller, created);
      return userResource(caller.base, await one(caller, userId));
    },

    async replace(caller: ScimCaller, id: string, body: unknown) {
      return apply(caller, await one(caller, id), readUser(body));
    },

    async patch(caller: ScimCaller, id: string, body: unknown) {
      const operations = readPatch(body);
      const current = await one(caller, id);
      const patched = applyPatch(userResource(caller.base, current), operations, MULTI_VALUED_USER);
      return apply(caller, current, readUser(patched));
    },

    /** DELETE: the same offboarding as `active: false`; SCIM then forgets them (404). */
    async remove(caller: ScimCaller, id: string): Promise<void> {
      const current = await one(caller, id);
      if (current.active) await offboard(caller, current);
      await repo.forgetUser(caller.teamId, current.userId);
    },
  };
}

export type ScimUsers = ReturnType<typeof createScimUsers>;
