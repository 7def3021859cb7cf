import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { WalletButtons } from './wallet-buttons';

async function show(availability: { apple: boolean; google: boolean }) {
  const mocked = mockApi((url) =>
    url.includes('/api/wallet/availability') ? json({ ok: 1, data: availability }) : new Response('', { status: 404 }),
  );
  await render(<WalletButtons profileId="3f2b6c1e-8d4a-4b7e-9c1d-2a5e6f7a8b9c" />, { locale: 'es' });
  return mocked;
}

describe('wallet buttons of a card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing while no wallet is configured', async () => {
    const mocked = await show({ apple: false, google: false });
    await waitFor(() => expect(mocked.calls.length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('profile-wallet')).toBeNull();
  });

  it('shows only the configured wallet, in the user’s language', async () => {
    await show({ apple: false, google: true });
    expect((await screen.findByTestId('view-google-wallet')).textContent).toContain('Guardar en Google Wallet');
    expect(screen.queryByTestId('view-apple-wallet')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Monedero' })).toBeTruthy();
  });
});
