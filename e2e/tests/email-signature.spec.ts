import { copiedBy } from './support/clipboard';
import { dataOf, expect, test, uploadFile } from './support/fixtures';

test.use({ signedIn: 'user' });

// A real 2×2 PNG: the cloud checks a file's type from its bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test("a card's owner copies the email signature made from the card: the clipboard holds the HTML a mail client's signature box takes, and plain text", async ({
  page,
  context,
  request,
  user,
}) => {
  const photo = await uploadFile(request, user.headers, { name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const card = await dataOf<{ id: string }>(
    await request.post('/api/profiles', {
      headers: user.headers,
      data: {
        kind: 'card',
        photoFileId: photo.id,
        card: {
          firstName: 'Carmen',
          lastName: 'Firma',
          jobTitle: 'Head of sales',
          company: 'Enlaza',
          phones: [{ label: 'Mobile', number: '+34600111222' }],
          emails: [{ label: 'Work', email: 'carmen@e2e.enlaza.test' }],
        },
      },
    }),
    201,
  );
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/user/perfiles/view/${card.id}`);
  // The preview draws the signature in a frame where no script runs.
  const preview = page.frameLocator('[data-testid="signature-preview"]');
  await expect(preview.getByText('Carmen Firma')).toBeVisible();
  // Its photo is the card's hosted image, at the address a mail client loads it from.
  await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.getByTestId('signature-copy').click();
  await expect(page.getByTestId('signature-copy')).not.toHaveText(await page.getByTestId('signature-copy-html').innerText());
  const read = (p: typeof page) =>
    p.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const of = async (type: string) => (item!.types.includes(type) ? (await item!.getType(type)).text() : '');
      return { types: [...item!.types], html: await of('text/html'), text: await of('text/plain') };
    });
  const copied = await copiedBy(
    page,
    () => page.getByTestId('signature-copy').click(),
    read,
    (c) => c.html.includes('Carmen Firma'),
  );
  expect(copied.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
  expect(copied.html).toContain('<table');
  expect(copied.html).toContain('Carmen Firma');
  expect(copied.html).toContain('href="mailto:carmen@e2e.enlaza.test"');
  expect(copied.html).not.toMatch(/<script|<style|class=/);
  expect(copied.text.split('\n').slice(0, 2)).toEqual(['Carmen Firma', 'Head of sales · Enlaza']);
});
