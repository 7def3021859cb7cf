import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OfferView, PlanView } from '@enlaza/contracts';
import { labelInNameProblem } from '@/test/label-in-name';
import { render } from '@/test/render';
import { PlanCard } from './plan-card';

const quote = (subtotalCents: number) => ({
  subtotalCents,
  taxCents: Math.round(subtotalCents * 0.21),
  totalCents: subtotalCents + Math.round(subtotalCents * 0.21),
  taxName: 'IVA 21 %',
  taxRateBasisPoints: 2100,
  taxRule: 'domestic' as const,
});
const offer = (perSeat: OfferView['perSeat']): OfferView => ({
  id: 'offer',
  period: { id: 'monthly', code: 'monthly', name: 'Monthly', months: 1 },
  priceCents: 1000,
  currency: 'EUR',
  price: quote(1000),
  current: false,
  change: 'upgrade',
  perSeat,
});
const plan = (of: OfferView): PlanView => ({
  id: 'teams',
  code: 'teams',
  name: 'Teams',
  description: '',
  isFree: false,
  limits: { profiles: 3, tags: 3, storageBytes: 1024 ** 3, sendsPerMonth: 1000 },
  current: false,
  change: 'upgrade',
  offers: [of],
});

async function show(of: OfferView) {
  await render(<PlanCard plan={plan(of)} offer={of} onBuy={() => undefined} onSchedule={() => undefined} />);
}

describe('a plan on the plans page', () => {
  it('shows a per-seat offer as its price per seat with the minimum, and the total for the seats the team fills', async () => {
    await show(offer({ minSeats: 3, seats: 5, total: quote(5000) }));
    expect(screen.getByTestId('plan-price').textContent).toBe('€12.10 per seat / month, minimum 3 seats');
    expect(screen.getByTestId('plan-seats-total').textContent).toBe('For your 5 seats: €60.50 / month with tax');
  });

  it('shows a flat offer as its price, with no seats', async () => {
    await show(offer(null));
    expect(screen.getByTestId('plan-price').textContent).toBe('€12.10 / month');
    expect(screen.queryByTestId('plan-seats-total')).toBeNull();
  });
});

describe('the plan card’s buy button', () => {
  it('is named starting with what it shows, then the plan and period (WCAG 2.5.3), choosing another plan or switching the current one, in every language', async () => {
    for (const locale of ['en', 'es', 'jp'] as const) {
      for (const current of [false, true]) {
        const of = offer(null);
        const { unmount } = await render(
          <PlanCard plan={{ ...plan(of), current }} offer={of} onBuy={() => undefined} onSchedule={() => undefined} />,
          { locale },
        );
        const button = screen.getByTestId('plan-choose');
        expect(labelInNameProblem(button), `${locale}, current ${current}`).toBeNull();
        expect(button.getAttribute('aria-label')).toContain('Teams');
        unmount();
      }
    }
  });
});
