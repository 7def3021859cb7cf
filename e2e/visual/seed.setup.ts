import { test } from '@playwright/test';
import { E2E_ACCOUNTS } from '../accounts.mjs';
import { seedScreenData } from '../tests/support/a11y-data';
import { saveVisualData, signIn } from './screens';

// The visual server's one seed, before any screen is opened: the demo user's cards, tag, files,
// messages, lists, payments, posts, template and campaign, as the accessibility scan seeds them.
test('seed the screens of the visual comparisons', async ({ request }) => {
  const user = await signIn(request, E2E_ACCOUNTS.user.email, E2E_ACCOUNTS.user.password);
  const admin = await signIn(request, E2E_ACCOUNTS.admin.email, E2E_ACCOUNTS.admin.password);
  const headers = { Authorization: `Bearer ${user.token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const me = (await (await request.get('/api/user', { headers })).json()) as { id: string; alias: string };
  const data = await seedScreenData(request, { headers, id: me.id, alias: me.alias });
  saveVisualData({ ...data, sessions: { user, admin } });
});
