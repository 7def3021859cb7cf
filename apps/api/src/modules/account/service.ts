import type { PersonalInfo, PersonalInfoUpdate } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import type { UserRow } from '../auth/repository.js';
import type { AccountRepository } from './repository.js';

const toPersonalInfo = (user: UserRow): PersonalInfo => ({ name: user.name, email: user.email, phone: user.phone, country: user.country });

export function createAccountService(repo: AccountRepository) {
  return {
    personalInfo: (user: UserRow) => toPersonalInfo(user),

    async updatePersonalInfo(user: UserRow, input: PersonalInfoUpdate): Promise<PersonalInfo> {
      const updated = await repo.updatePersonal(user.id, { name: input.name, phone: input.phone, country: input.country });
      if (!updated) throw new AppError('auth.unauthenticated');
      return toPersonalInfo(updated);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
