import type { AdminUserDetail, AdminUserRow, AdminUsersQuery, Locale } from '@enlaza/contracts';
import { hashPassword, randomToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/actor.js';
import type { AuthService } from '../auth/index.js';
import { aliasCandidate } from '../registration/index.js';
import type { RegistrationService } from '../registration/index.js';
import type { AdminRepository } from './repository.js';

type Row = Awaited<ReturnType<AdminRepository['listUsers']>>['rows'][number];
const toRow = (r: Row): AdminUserRow => ({ ...r, createdAt: r.createdAt.toISOString() });

type Deps = { repo: AdminRepository; events: Pick<EventBus, 'publish'>; registration: RegistrationService; auth: AuthService };

/** Admin: Users and Admins (PRODUCT.md section 7). Every action is recorded with before/after values. */
export function createAdminService({ repo, events, registration, auth }: Deps) {
  async function requireUser(id: string, role: 'admin' | 'user' = 'user', locale: Locale = 'en') {
    const user = await repo.findUser(id, role, locale);
    if (!user) throw new AppError('record.not_found');
    return user;
  }

  /** A deleted account keeps its row for invoices but can no longer be acted upon. */
  async function requireLiveUser(id: string, role: 'admin' | 'user' = 'user') {
    const user = await requireUser(id, role);
    if (user.status === 'deleted') throw new AppError('record.not_found');
    return user;
  }

  async function changeStatus(admin: Actor, id: string, status: 'active' | 'suspended', origin: RequestOrigin, locale: Locale) {
    const user = await requireLiveUser(id);
    // Reactivating an account that never verified its email puts it back to pending.
    const next = status === 'active' && !user.emailVerifiedAt ? 'pending' : status;
    if (user.status !== next) {
      await repo.setStatus(id, next);
      // A suspended user's open sessions stay, answered 403 `auth.suspended` (so the app can say why);
      // they end when the account is reactivated: the user signs in again.
      if (user.status === 'suspended') await repo.revokeSessions(id);
      auth.forgetUser(id);
      await events.publish(next === 'suspended' ? 'admin.user_suspended' : 'admin.user_reactivated', {
        userId: id,
        actorId: admin.id,
        origin,
        target: { type: 'user', id },
        before: { status: user.status },
        after: { status: next },
      });
    }
    return detail(id, 'user', locale);
  }

  /** Plan and account type named in `locale`, the viewing admin's language. */
  async function detail(id: string, role: 'admin' | 'user' = 'user', locale: Locale = 'en'): Promise<AdminUserDetail> {
    const user = await requireUser(id, role, locale);
    const { counts, subscription } = await repo.userExtras(id, locale);
    return {
      ...toRow(user),
      phone: user.phone,
      country: user.country,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      counts,
      subscription: subscription
        ? {
            plan: subscription.plan,
            status: subscription.status,
            periodStart: subscription.periodStart.toISOString(),
            periodEnd: subscription.periodEnd?.toISOString() ?? null,
          }
        : null,
    };
  }

  return {
    async listUsers(role: 'admin' | 'user', query: AdminUsersQuery, locale: Locale = 'en') {
      const { rows, total } = await repo.listUsers(role, query, locale);
      return { data: rows.map(toRow), meta: { page: query.page, pageSize: query.pageSize, total } };
    },

    userDetail: (id: string, locale: Locale = 'en') => detail(id, 'user', locale),

    suspend: (admin: Actor, id: string, origin: RequestOrigin, locale: Locale = admin.locale) =>
      changeStatus(admin, id, 'suspended', origin, locale),
    reactivate: (admin: Actor, id: string, origin: RequestOrigin, locale: Locale = admin.locale) =>
      changeStatus(admin, id, 'active', origin, locale),

    async verify(admin: Actor, id: string, origin: RequestOrigin, locale: Locale = admin.locale) {
      const user = await requireLiveUser(id);
      if (await registration.verifyByHand(user)) {
        await events.publish('admin.user_verified', {
          userId: id,
          actorId: admin.id,
          origin,
          target: { type: 'user', id },
          before: { status: 'pending' },
          after: { status: 'active' },
        });
      }
      return detail(id, 'user', locale);
    },

    async sendReset(admin: Actor, id: string, origin: RequestOrigin) {
      const user = await requireLiveUser(id);
      await registration.sendResetLink({ id: user.id, name: user.name, email: user.email, locale: user.locale });
      await events.publish('admin.reset_sent', { userId: id, actorId: admin.id, origin, target: { type: 'user', id } });
    },

    async createAdmin(admin: Actor, input: { name: string; email: string }, origin: RequestOrigin) {
      if (await repo.emailInUse(input.email))
        throw new AppError('account.email_taken', {}, { email: [{ code: 'validation.email_taken' }] });
      const alias = `${aliasCandidate(input.name).slice(0, 20)}-${randomToken(4)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '0')}`;
      const created = await repo.createAdmin({
        name: input.name,
        email: input.email,
        alias,
        passwordHash: await hashPassword(randomToken()),
      });
      // The new admin chooses a password through an emailed link; nobody ever sees one.
      await registration.sendResetLink({ id: created.id, name: created.name, email: created.email, locale: admin.locale }, true);
      await events.publish('admin.admin_created', {
        userId: created.id,
        actorId: admin.id,
        origin,
        target: { type: 'user', id: created.id },
        after: { name: created.name, email: created.email, role: 'admin' },
      });
      return detail(created.id, 'admin');
    },

    async disableAdmin(admin: Actor, id: string, origin: RequestOrigin) {
      const target = await requireUser(id, 'admin');
      if (id === admin.id) throw new AppError('admin.cannot_disable_self');
      if (target.status === 'active') {
        if ((await repo.disableAdmin(id)) === 'last_admin') throw new AppError('admin.last_admin');
        auth.forgetUser(id);
        await events.publish('admin.admin_disabled', {
          userId: id,
          actorId: admin.id,
          origin,
          target: { type: 'user', id },
          before: { status: 'active' },
          after: { status: 'suspended' },
        });
      }
      return detail(id, 'admin');
    },

    async enableAdmin(admin: Actor, id: string, origin: RequestOrigin) {
      const target = await requireUser(id, 'admin');
      if (target.status !== 'active') {
        await repo.setStatus(id, 'active');
        auth.forgetUser(id);
        await events.publish('admin.admin_enabled', {
          userId: id,
          actorId: admin.id,
          origin,
          target: { type: 'user', id },
          before: { status: target.status },
          after: { status: 'active' },
        });
      }
      return detail(id, 'admin');
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
