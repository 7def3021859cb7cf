import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CouponAdmin } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { CouponModal } from './coupon-modal';

const saved: CouponAdmin = {
  id: '6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e11',
  name: 'Launch',
  percentOff: null,
  amountOffCents: 1250,
  currency: 'EUR',
  duration: 'repeating',
  durationInMonths: 3,
  offerIds: [],
  addOnIds: [],
  redeemBy: null,
  maxRedemptions: null,
  timesRedeemed: 0,
  promotionCodes: 0,
  active: true,
  createdAt: '2026-11-26T00:00:00.000Z',
};

async function setup(answer: (body: Record<string, unknown>) => Response = () => json({ ok: 1, data: saved }, 201)) {
  const sent: Record<string, unknown>[] = [];
  mockApi((url, init) => {
    if ((init?.method ?? 'GET') === 'GET') return json({ ok: 1, data: [] });
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    sent.push(body);
    return answer(body);
  });
  const onClose = vi.fn();
  await render(<CouponModal opened onClose={onClose} />);
  const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  return { sent, onClose, type };
}

describe('the coupon form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing before sending anything', async () => {
    const { sent } = await setup();
    fireEvent.click(screen.getByTestId('coupon-submit'));
    expect(await screen.findByText('Give a whole percentage from 1 to 100.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends an amount in cents typed digit by digit, and the months of a repeating coupon', async () => {
    const { sent, onClose, type } = await setup();
    type('coupon-name', 'Launch');
    fireEvent.click(screen.getByText('Amount'));
    type('coupon-amount', '12,5');
    fireEvent.click(screen.getByTestId('coupon-duration'));
    fireEvent.click(await screen.findByRole('option', { name: 'Repeating' }));
    fireEvent.click(screen.getByTestId('coupon-submit'));
    expect(await screen.findByText('Give the months it repeats, from 1 to 36.')).toBeTruthy();
    type('coupon-months', '3');
    fireEvent.click(screen.getByTestId('coupon-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        name: 'Launch',
        percentOff: null,
        amountOffCents: 1250,
        duration: 'repeating',
        durationInMonths: 3,
        offerIds: [],
        addOnIds: [],
        redeemBy: null,
        maxRedemptions: null,
      },
    ]);
  });

  it('shows the server’s refusal on its field', async () => {
    const { type } = await setup(() =>
      json({ ok: 0, code: 'validation.failed', message: 'Invalid.', errors: { offerIds: ['Choose offers of the catalogue.'] } }, 422),
    );
    type('coupon-name', 'Launch');
    type('coupon-percent', '20');
    fireEvent.click(screen.getByTestId('coupon-submit'));
    expect(await screen.findByText('Choose offers of the catalogue.')).toBeTruthy();
  });
});
