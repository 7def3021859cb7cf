import { E2E_BASE_URL } from '../accounts.mjs';
import { expect, test, visitorContext } from './support/fixtures';
import { message } from './support/locales';
import { waitForLink } from './support/mailbox';

// A real 2×2 PNG: the cloud checks a file's type from its bytes; the bytes after IEND make it this
// run's own file (the cloud keeps one copy of identical bytes).
const PNG = Buffer.concat([
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64'),
  Buffer.from(`teams-spec-${Date.now()}`),
]);

const en = (key: string, values: Record<string, string> = {}) => message('en', 'teams', key, values);

// One long story: a team made, its brand locked, two people invited, one joining with a new account
// and leaving again, their card handed to someone else with the same link.
test.describe.configure({ timeout: 150_000 });
test.use({ signedIn: 'user' });

test('an owner creates a team, locks its logo, invites two people by CSV; one joins with a new account and sees the locked fields read-only; the owner removes them and reassigns the card', async ({
  page,
  browser,
  user,
}) => {
  const stamp = `${Date.now().toString(36)}-${test.info().workerIndex}`;
  const teamName = `Acme ${stamp}`;
  const teamAlias = `acme-${stamp}`;
  const invitee = { name: 'Nora Joiner', email: `nora-${stamp}@e2e.enlaza.test`, password: 'Nora-joins-2031!', alias: `nora-${stamp}` };
  const second = { name: 'Pablo Second', email: `pablo-${stamp}@e2e.enlaza.test` };

  // The owner starts a team: the alias is checked while typed.
  await page.goto('/user/equipo');
  await expect(page.getByTestId('team-start')).toBeVisible();
  await page.getByTestId('team-name').fill(teamName);
  await page.getByTestId('team-alias').fill(teamAlias);
  await expect(page.getByTestId('team-alias-available')).toBeVisible();
  await page.getByTestId('team-save').click();
  await expect(page.getByTestId('team-title')).toHaveText(teamName);
  await expect(page.getByTestId('team-header').getByTestId('team-role')).toHaveText(en('roles.owner'));

  // The card template: the company and an uploaded logo, both locked.
  await page.getByTestId('team-tab-plantilla').click();
  await page.getByTestId('template-company').fill(`${teamName} S.L.`);
  await page.getByTestId('template-lock-company').check();
  const logo = page.getByTestId('template-field-logo');
  const chooser = page.waitForEvent('filechooser');
  await logo.getByTestId('cloud-picker-upload').click();
  await (await chooser).setFiles({ name: 'acme-logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(logo.getByRole('img')).toBeVisible();
  await page.getByTestId('template-lock-logo').check();
  await page.getByTestId('template-save').click();
  // The owner's own card is the team's one card so far.
  await expect(page.getByTestId('template-saved')).toHaveText(en('template.saved_one', { formatted: '1' }));

  // Two people from a CSV file, previewed, then invited.
  await page.getByTestId('team-tab-invitaciones').click();
  await page.getByTestId('import-open').click();
  const csv = `name,email,job title,phone\n${invitee.name},${invitee.email},Sales,+34600111222\n${second.name},${second.email},Support,\n`;
  const csvChooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-choose-file').click();
  await (await csvChooser).setFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByTestId('import-preview-row')).toHaveCount(2);
  await page.getByTestId('import-send').click();
  await expect(page.getByTestId('import-summary')).toHaveText(en('import.invited_other', { formatted: '2' }));
  const invitations = page.getByRole('table', { name: en('invitations.caption') });
  await expect(invitations.getByTestId('invitation-status')).toHaveText([en('invitationStatus.pending'), en('invitationStatus.pending')]);

  // The invitee opens the emailed link signed out, and registers from it.
  const link = await waitForLink(invitee.email, `${E2E_BASE_URL}/user/equipo/unirse/`);
  const visitor = await visitorContext(browser);
  const joiner = await visitor.newPage();
  await joiner.goto(link);
  await expect(joiner.getByTestId('team-join-title')).toHaveText(en('join.heading', { team: teamName }));
  await joiner.getByTestId('team-join-register').click();
  // The form is for the invited address: filled in and fixed; the name is suggested from the invitation.
  await expect(joiner.getByTestId('register-email')).toHaveValue(invitee.email);
  await expect(joiner.getByTestId('register-email')).not.toBeEditable();
  await expect(joiner.getByTestId('register-name')).toHaveValue(invitee.name);
  await joiner.getByTestId('register-alias').fill(invitee.alias);
  await joiner.getByTestId('register-password').fill(invitee.password);
  await joiner.getByTestId('register-account-type').selectOption({ label: 'Personal' });
  await joiner.getByTestId('register-accept').check();
  await joiner.getByTestId('register-submit').click();
  await expect(joiner.getByTestId('register-sent')).toBeVisible();

  // Confirming the address signs the new account in and comes back to the invitation.
  await joiner.goto(await waitForLink(invitee.email, `${E2E_BASE_URL}/register/verify/`));
  await expect(joiner).toHaveURL(/\/user\/equipo\/unirse\//);
  await joiner.getByTestId('team-join-accept').click();
  await expect(joiner.getByTestId('team-join-done')).toBeVisible();

  // Their team card: the team's locked company and logo are read-only, with the reason.
  await joiner.getByTestId('team-join-card').click();
  await expect(joiner.getByTestId('profile-team-notice')).toBeVisible();
  const company = joiner.getByTestId('card-company');
  await expect(company).toHaveValue(`${teamName} S.L.`);
  await expect(company).toHaveAttribute('readonly', '');
  await expect(joiner.getByTestId('locked-logo')).toHaveText(message('en', 'profiles', 'team.lockedBy', { team: teamName }));
  await expect(joiner.getByTestId('card-jobTitle')).toHaveValue('Sales');
  await expect(joiner.getByTestId('card-jobTitle')).not.toHaveAttribute('readonly', '');
  const cardPath = new URL(joiner.url()).pathname;
  const cardId = cardPath.split('/').pop() ?? '';
  // In the list, it is marked as the team's card.
  await joiner.goto('/user/perfiles');
  await expect(joiner.getByTestId('profile-team-card')).toHaveText(message('en', 'profiles', 'list.teamCard'));
  await visitor.close();

  // The owner removes them, keeping the card with the team.
  await page.getByTestId('team-tab-miembros').click();
  const members = page.getByRole('table', { name: en('members.caption') });
  await members.getByRole('button', { name: en('members.removeLabel', { name: invitee.name }) }).click();
  await page.getByTestId('remove-keep').check();
  await page.getByTestId('remove-member-confirm').click();
  await expect(members.getByText(invitee.email)).toHaveCount(0);

  // The card stays with the team, at the same address, and goes to the owner (who gives theirs back).
  const kept = page.getByRole('table', { name: en('cards.title') });
  await expect(kept.getByTestId('team-card-status')).toHaveText(en('cardStatus.unassigned'));
  await expect(kept.getByTestId('team-card-link')).toHaveText(`${E2E_BASE_URL}/link/${teamAlias}/${cardId}`);
  await kept.getByRole('button', { name: en('cards.assignLabel', { name: invitee.name }) }).click();
  await page.getByTestId('assign-card-member').selectOption({ label: `${user.name} (${user.email})` });
  await page.getByTestId('assign-card-confirm').click();
  // The owner's first card is the one the team keeps now; the reassigned one carries the owner's name.
  await expect(members.getByTestId('team-card-status')).toHaveText([en('cardStatus.assigned')]);
  await expect(kept.getByTestId('team-card-link')).not.toHaveText(`${E2E_BASE_URL}/link/${teamAlias}/${cardId}`);
  const owned = await page.request.get(`/api/profiles/${cardId}`, { headers: user.headers });
  expect(owned.status()).toBe(200);
  expect(((await owned.json()) as { data: { publicPath: string } }).data.publicPath).toBe(`/link/${teamAlias}/${cardId}`);
});
