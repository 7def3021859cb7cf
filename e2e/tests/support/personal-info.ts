import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_USER } from './accounts';
import { apiLogout, apiToken, bearer } from './session';

export interface PersonalInfo {
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
}

/** Puts the demo user's personal information back to a known state through the API. */
export async function resetPersonalInfo(
  request: APIRequestContext,
  values: { phone?: string | null; country?: string | null } = {},
): Promise<void> {
  const token = await apiToken(request, 'user');
  const response = await request.put('/api/account/personal', {
    headers: bearer(token),
    data: { name: DEMO_USER.name, phone: values.phone ?? null, country: values.country ?? null },
  });
  expect(response.status(), await response.text()).toBe(200);
  await apiLogout(request, token);
}

export async function fetchPersonalInfo(request: APIRequestContext): Promise<PersonalInfo> {
  const token = await apiToken(request, 'user');
  const response = await request.get('/api/account/personal', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { ok: number; data: PersonalInfo };
  await apiLogout(request, token);
  return body.data;
}
