import type { APIRequestContext } from '@playwright/test';
import { dataOf, type TestUser } from './fixtures';

export interface PersonalInfo {
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
}

/** Sets a user's personal information through the API. */
export async function setPersonalInfo(
  request: APIRequestContext,
  user: TestUser,
  values: { phone?: string | null; country?: string | null },
) {
  await dataOf(
    await request.put('/api/account/personal', {
      headers: user.headers,
      data: { name: user.name, phone: values.phone ?? null, country: values.country ?? null },
    }),
  );
}

export async function fetchPersonalInfo(request: APIRequestContext, user: TestUser): Promise<PersonalInfo> {
  return dataOf<PersonalInfo>(await request.get('/api/account/personal', { headers: user.headers }));
}
