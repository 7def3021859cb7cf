import { dataOf, expect, test } from './support/fixtures';

test.describe('contact fields and segments', () => {
  test.use({ signedIn: 'user' });

  test('an owner adds a field, builds a segment on it in the builder, sees how many people it selects, and saves it', async ({
    page,
    request,
    user,
  }) => {
    const { headers } = user;
    // Three contacts in an imported list (consent given on import).
    await dataOf(
      await request.post('/api/audience/lists/import', {
        headers,
        data: {
          csv: 'email,name\nana@e2e.enlaza.test,Ana\nbea@e2e.enlaza.test,Bea\ncarla@e2e.enlaza.test,Carla\n',
          name: 'Fair leads',
          hasHeader: true,
          emailColumn: 0,
          nameColumn: 1,
          consent: true,
        },
      }),
      201,
    );

    // The Fields tab: empty, then a text field added in its dialog.
    await page.goto('/user/campanas/audiencia?tab=campos');
    await expect(page.getByTestId('fields-table-empty')).toBeVisible();
    await page.getByTestId('field-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add a contact field' });
    await dialog.getByLabel('Name').fill('City');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('fields-table').locator('tr', { hasText: 'City' });
    await expect(row).toContainText('Text');
    await expect(row.getByTestId('field-filled')).toHaveText('0 addresses');

    // Two of the contacts live in Madrid (their values set through the API).
    const [city] = await dataOf<{ id: string }[]>(await request.get('/api/audience/fields', { headers }));
    for (const email of ['ana@e2e.enlaza.test', 'bea@e2e.enlaza.test'])
      await dataOf(await request.put('/api/audience/fields/values', { headers, data: { email, values: { [city!.id]: 'Madrid' } } }));

    // The Segments tab leads to the builder of a new segment.
    await page.getByTestId('tab-segments').click();
    await expect(page).toHaveURL(/tab=segmentos/);
    await expect(page.getByTestId('segments-table-empty')).toBeVisible();
    await page.getByTestId('segment-new').click();
    await expect(page).toHaveURL(/\/user\/campanas\/audiencia\/segmentos\/nuevo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New segment' })).toBeVisible();

    // City is Madrid: 2 people, counted as the rule is built.
    await page.getByTestId('segment-name').fill('Madrid');
    await expect(page.getByTestId('condition-0-0-field')).toHaveValue(city!.id);
    await expect(page.getByTestId('segment-count-incomplete')).toBeVisible();
    await page.getByTestId('condition-0-0-text').fill('Madrid');
    await expect(page.getByTestId('segment-count-value')).toHaveText('2');
    await expect(page.getByTestId('segment-count-text')).toHaveText('people match now');

    // A second condition: in the list keeps both, out of it nobody; then City is not Madrid (Carla, who has no city): 1.
    await page.getByRole('button', { name: 'Add a condition to group 1' }).click();
    await page.getByTestId('condition-0-1-kind').selectOption('list');
    await expect(page.getByTestId('segment-count-value')).toHaveText('2');
    await page.getByTestId('condition-0-1-negate').selectOption('out');
    await expect(page.getByTestId('segment-count-value')).toHaveText('0');
    await page.getByTestId('condition-0-1-negate').selectOption('in');
    await page.getByTestId('condition-0-0-op').selectOption('is_not');
    await expect(page.getByTestId('segment-count-value')).toHaveText('1');
    await expect(page.getByTestId('segment-count-text')).toHaveText('person matches now');

    await page.getByTestId('segment-save').click();
    await expect(page.getByText('“Madrid” saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/campanas\/audiencia\/segmentos\/[0-9a-f-]{36}$/);

    // The list of segments shows it with its people now.
    await page.getByRole('link', { name: '← Segments' }).click();
    const saved = page.getByTestId('segments-table').locator('tr', { hasText: 'Madrid' });
    await expect(saved.getByTestId('segment-people')).toHaveText('1 person');
  });
});
