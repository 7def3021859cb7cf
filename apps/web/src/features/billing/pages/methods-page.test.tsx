import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PaymentMethod } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { labelInNameProblem } from '@/test/label-in-name';
import { render } from '@/test/render';
import MethodsPage from './methods-page';

const card = (values: Partial<PaymentMethod>): PaymentMethod => ({
  id: 'm1',
  kind: 'card',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  holder: 'Ada Lovelace',
  isDefault: false,
  usable: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...values,
});

describe('Methods', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks a method detached at the payment provider unusable, says why, and never offers it as the default', async () => {
    const methods = [card({ id: 'm1', isDefault: true }), card({ id: 'm2', last4: '0005', usable: false })];
    mockApi((url) =>
      url === '/api/user/methods'
        ? json({ ok: 1, data: methods })
        : url === '/api/user/payment-provider'
          ? json({
              ok: 1,
              data: { name: 'stripe', testMode: true, methodKinds: ['card', 'sepa_debit'], publishableKey: 'pk_test_x', bizum: false },
            })
          : new Response('', { status: 404 }),
    );
    await render(<MethodsPage />, { route: '/user/methods' });
    const detached = await screen.findByTestId('method-0005');
    expect(within(detached).getByTestId('method-unusable').textContent).toBe('Unusable');
    expect(within(detached).getByTestId('method-detached').textContent).toContain('removed at the payment provider');
    expect(within(detached).queryByTestId('method-make-default')).toBeNull();
    const usable = screen.getByTestId('method-4242');
    expect(within(usable).queryByTestId('method-unusable')).toBeNull();
    expect(within(usable).getByTestId('method-default')).toBeTruthy();
  });

  it('names "Make default" starting with what it shows (WCAG 2.5.3), then the card, in every language', async () => {
    const methods = [card({ id: 'm1', isDefault: true }), card({ id: 'm2', last4: '0005' })];
    for (const locale of ['en', 'es', 'jp'] as const) {
      mockApi((url) =>
        url === '/api/user/methods'
          ? json({ ok: 1, data: methods })
          : url === '/api/user/payment-provider'
            ? json({ ok: 1, data: { name: 'sandbox', testMode: true, methodKinds: ['card'], publishableKey: null, bizum: false } })
            : new Response('', { status: 404 }),
      );
      const { unmount } = await render(<MethodsPage />, { route: '/user/methods', locale });
      const button = within(await screen.findByTestId('method-0005')).getByTestId('method-make-default');
      expect(labelInNameProblem(button), locale).toBeNull();
      expect(button.getAttribute('aria-label')).toContain('0005');
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
