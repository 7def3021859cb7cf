import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomDomain, Profile } from '@enlaza/contracts';
import { publicLink } from '@/lib/public-url';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { CopyLinkButton, useProfileShareUrl } from './copy-link-button';
import { SharePanel } from './share-panel';

const CARD_ID = '22222222-2222-4222-8222-222222222222';
const OTHER_ID = '33333333-3333-4333-8333-333333333333';
const CARD: Profile = {
  id: CARD_ID,
  kind: 'card',
  name: 'Lucía Contrast',
  photoFileId: null,
  coverFileId: null,
  logoFileId: null,
  theme: { color: '#12b886', layout: 'classic' },
  visibility: 'public',
  contactForm: false,
  wall: false,
  sectionOrder: 'wall-first',
  folderId: null,
  labelIds: [],
  card: null,
  tag: null,
  publicPath: `/link/lucia/${CARD_ID}`,
  sharePath: '/link/lucia',
  team: null,
  lockedFields: [],
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
};
const domain = (patch: Partial<CustomDomain>): CustomDomain => ({
  id: '11111111-1111-4111-8111-111111111111',
  host: 'cards.acme.com',
  target: { kind: 'profile', id: CARD_ID, name: CARD.name },
  status: 'verified',
  records: [],
  url: 'https://cards.acme.com/',
  checkedAt: '2031-03-14T10:30:00.000Z',
  verifiedAt: '2031-03-14T10:30:00.000Z',
  createdAt: '2031-03-14T09:00:00.000Z',
  ...patch,
});

/** The view page's share area: the copy button and the QR panel on the one address. */
function Share() {
  const url = useProfileShareUrl(CARD.id, CARD.sharePath);
  return (
    <>
      <CopyLinkButton profileId={CARD.id} publicPath={CARD.sharePath} name={CARD.name} />
      <SharePanel profile={CARD} url={url} onShared={() => undefined} />
    </>
  );
}

/** Only the custom domains list may be asked for, once for the whole area. */
function server(domains: CustomDomain[]) {
  return mockApi((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path !== '/api/custom-domains') throw new Error(`the share area called ${path}`);
    return json({ ok: 1, data: { domains, limit: 3 } });
  });
}

describe('the share area of a card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('copies and draws the address of the card’s verified custom domain, asking for the list once', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom draws no PNG for the QR code
    const mocked = server([domain({})]);
    await render(<Share />, { route: '/user/perfiles/view/x', routes: [{ path: '/user/dominios', element: <p>Domains</p> }] });
    await waitFor(() => expect(screen.getByTestId('view-public-url').textContent).toBe('https://cards.acme.com/'));
    const area = screen.getByTestId('view-custom-domain');
    expect(area.textContent).toContain('Its link uses your domain cards.acme.com.');
    expect(within(area).getByRole('link', { name: 'Manage custom domains' }).getAttribute('href')).toBe('/user/dominios');
    fireEvent.click(screen.getByTestId('profile-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://cards.acme.com/'));
    expect(mocked.calls).toHaveLength(1);
  });

  it('keeps the PUBLIC_URL address when no verified domain serves this card, and offers one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server([
      domain({ status: 'pending' }),
      domain({
        id: '44444444-4444-4444-8444-444444444444',
        host: 'other.acme.com',
        target: { kind: 'profile', id: OTHER_ID, name: 'Other' },
      }),
      domain({ id: '55555555-5555-4555-8555-555555555555', host: 'team.acme.com', target: { kind: 'team', id: CARD_ID, name: 'Acme' } }),
    ]);
    await render(<Share />, { route: '/user/perfiles/view/x', routes: [{ path: '/user/dominios', element: <p>Domains</p> }] });
    const area = await screen.findByTestId('view-custom-domain');
    await within(area).findByRole('link', { name: 'Use a custom domain' });
    expect(screen.getByTestId('view-public-url').textContent).toBe(publicLink('/link/lucia'));
    fireEvent.click(screen.getByTestId('profile-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(publicLink('/link/lucia')));
  });
});
