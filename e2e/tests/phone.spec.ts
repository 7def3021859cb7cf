import { expect, test } from './support/fixtures';
import { fetchPersonalInfo, setPersonalInfo } from './support/personal-info';
import { answerCountryLookup, collectConsoleErrors } from './support/phone';

const PAGE = '/user/personalinformation';

// Each test's own new user: no phone and no country saved yet.
test.describe('phone input on the personal information page', () => {
  test.use({ signedIn: 'user' });

  test('the tel field has the inherited type, placeholder and maximum length', async ({ page }) => {
    await answerCountryLookup(page, { body: '1;ES;ESP;Spain' });
    await page.goto(PAGE);

    const phone = page.getByTestId('phone-input');
    await expect(phone).toHaveAttribute('type', 'tel');
    await expect(phone).toHaveAttribute('placeholder', 'Telefono');
    await expect(phone).toHaveAttribute('maxlength', '25');
    await expect(phone).toHaveAccessibleName(/phone/i);
    // The API tells the widget where the lookup is: its own, unless the operator names another service.
    await expect(page.locator('meta[name="country-lookup-url"]')).toHaveAttribute('content', '/api/country-lookup');
  });

  test('the country list is 390 px wide, searchable, keyboard driven and shows dial codes', async ({ page }) => {
    await answerCountryLookup(page, { body: '1;ES;ESP;Spain' });
    await page.goto(PAGE);

    const button = page.getByTestId('phone-country-button');
    await expect(button).toContainText('+34');
    await button.click();

    const search = page.getByTestId('phone-country-search');
    await expect(search).toBeFocused();
    const list = page.getByTestId('phone-country-list');
    await expect(list).toBeVisible();
    const box = await list.boundingBox();
    expect(box?.width).toBeCloseTo(390, 0);

    const options = list.getByRole('option');
    expect(await options.count()).toBeGreaterThan(200);
    await expect(options.filter({ hasText: 'Spain' })).toContainText('+34');

    await search.fill('portu');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText('Portugal');
    await expect(options.first()).toContainText('+351');

    await search.fill('+81');
    await expect(options.filter({ hasText: 'Japan' })).toHaveCount(1);

    // Keyboard: the first match is highlighted, Enter picks it and the phone field takes the focus.
    await search.fill('portu');
    await search.press('Enter');
    await expect(list).toBeHidden();
    await expect(button).toContainText('+351');
    await expect(page.getByTestId('phone-input')).toBeFocused();

    // Escape closes the list and gives the focus back to the button.
    await button.click();
    await expect(search).toBeFocused();
    await search.press('ArrowDown');
    await search.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toContainText('+351');
  });

  test('a lookup answer 1;PT;PRT;Portugal selects Portugal (+351)', async ({ page }) => {
    const lookup = await answerCountryLookup(page, { body: '1;PT;PRT;Portugal' });
    await page.goto(PAGE);

    await expect(page.getByTestId('phone-country-button')).toContainText('+351');
    await expect(page.getByTestId('phone-input')).toHaveAttribute('data-country', 'PT');
    expect(lookup.calls()).toBe(1);
  });

  test('a lookup answer that does not start with 1 logs the error and falls back to the user country', async ({ page, request, user }) => {
    await setPersonalInfo(request, user, { country: 'FR' });
    const errors = collectConsoleErrors(page);
    // A country in the right place does not count when the first character is not 1.
    await answerCountryLookup(page, { body: '0;PT;PRT;Portugal' });
    await page.goto(PAGE);

    // The lookup starts once the lazily loaded phone input mounts, which on a loaded machine came
    // later than expect's 10 s: wait for the logged error itself, up to the test's own limit.
    await expect.poll(() => errors.some((e) => e.includes('unable to fetch the country')), { timeout: 0 }).toBe(true);
    await expect(page.getByTestId('phone-country-button')).toContainText('+33');
    await expect(page.getByTestId('phone-input')).toHaveAttribute('data-country', 'FR');
  });

  test('a failed lookup request logs the error and falls back to ES', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await answerCountryLookup(page, { abort: true });
    await page.goto(PAGE);

    // The lookup starts once the lazily loaded phone input mounts, which on a loaded machine came
    // later than expect's 10 s: wait for the logged error itself, up to the test's own limit.
    await expect.poll(() => errors.some((e) => e.includes('unable to fetch the country')), { timeout: 0 }).toBe(true);
    await expect(page.getByTestId('phone-country-button')).toContainText('+34');
    await expect(page.getByTestId('phone-input')).toHaveAttribute('data-country', 'ES');
  });

  test('a national number typed and saved is stored in E.164 and shown after a reload', async ({ page, request, user }) => {
    const lookup = await answerCountryLookup(page, { body: '1;PT;PRT;Portugal' });
    await page.goto(PAGE);
    await expect(page.getByTestId('phone-country-button')).toContainText('+351');

    const phone = page.getByTestId('phone-input');
    await phone.pressSequentially('912345678');
    await expect(phone).toHaveValue('912 345 678');
    await page.getByTestId('personal-save').click();
    await expect(page.getByTestId('personal-saved')).toBeVisible();

    expect((await fetchPersonalInfo(request, user)).phone).toBe('+351912345678');

    const callsBefore = lookup.calls();
    await page.reload();
    await expect(page.getByTestId('phone-input')).toHaveValue('912 345 678');
    await expect(page.getByTestId('phone-country-button')).toContainText('+351');
    // The saved number carries its country: no lookup this time.
    expect(lookup.calls()).toBe(callsBefore);
  });

  test('an incomplete number is refused next to the field without losing it', async ({ page, request, user }) => {
    await answerCountryLookup(page, { body: '1;ES;ESP;Spain' });
    await page.goto(PAGE);

    const phone = page.getByTestId('phone-input');
    await phone.pressSequentially('6123');
    await page.getByTestId('personal-save').click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/.+/);
    await expect(phone).toHaveValue('612 3');
    await expect(page.getByTestId('personal-saved')).toHaveCount(0);
    expect((await fetchPersonalInfo(request, user)).phone).toBeNull();
  });

  test('a field error is shown next to the field before anything is sent, and what was typed stays', async ({ page, user }) => {
    await answerCountryLookup(page, { body: '1;ES;ESP;Spain' });
    await page.goto(PAGE);

    const name = page.getByTestId('personal-name');
    await expect(name).toHaveValue(user.name);
    await expect(page.getByTestId('personal-email')).toHaveAttribute('readonly', '');
    await name.fill('A');
    const phone = page.getByTestId('phone-input');
    await phone.pressSequentially('612345678');

    // The form checks the contract's rules itself (in the server's words): a one-letter name is not sent.
    let saves = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/account/personal') && r.method() === 'PUT') saves += 1;
    });
    await page.getByTestId('personal-save').click();

    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(/.+/);
    await expect(name).toHaveValue('A');
    await expect(phone).toHaveValue('612 34 56 78');
    await expect(page.getByTestId('personal-saved')).toHaveCount(0);
    await expect(name).toBeFocused();
    expect(saves).toBe(0);
  });
});
