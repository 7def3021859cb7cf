import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { OfferAdmin, PlanAdmin } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { offersScreen } from '../pages/screens';
import { CatalogueForm } from './catalogue-form';

const PLAN = '3b7f0c3e-8a51-4f0e-9d6b-1c2a3e4f5a6b';
const PERIOD = '4c7f0c3e-8a51-4f0e-9d6b-1c2a3e4f5a6b';
const plan: PlanAdmin = {
  id: PLAN,
  name: 'Teams',
  names: { en: 'Teams', es: '', jp: '' },
  descriptions: { en: '', es: '', jp: '' },
  active: true,
  uses: 0,
  running: 0,
  code: 'teams',
  maxProfiles: 3,
  maxTags: 3,
  storageBytes: 1024,
  sendsPerMonth: 500,
  customDomains: 0,
  sortOrder: 5,
  isFree: false,
};
const saved: OfferAdmin = {
  id: '5d7f0c3e-8a51-4f0e-9d6b-1c2a3e4f5a6b',
  name: 'Teams · Monthly',
  planId: PLAN,
  billingPeriodId: PERIOD,
  accountTypeId: null,
  priceCents: 1200,
  currency: 'EUR',
  taxId: null,
  visible: true,
  seatPricing: 'per_seat',
  minSeats: 3,
  active: true,
  uses: 0,
  running: 0,
};

async function setup(answer: () => Response = () => json({ ok: 1, data: saved })) {
  const sent: Record<string, unknown>[] = [];
  mockApi((_url, init) => {
    sent.push(JSON.parse(init?.body as string) as Record<string, unknown>);
    return answer();
  });
  const onClose = vi.fn();
  const spec = offersScreen(
    { t: i18next.getFixedT('en', 'admin-catalogue'), locale: 'en' },
    {
      plans: [plan],
      periods: [
        {
          id: PERIOD,
          name: 'Monthly',
          names: plan.names,
          descriptions: plan.descriptions,
          active: true,
          uses: 0,
          code: 'monthly',
          months: 1,
        },
      ],
      taxes: [],
      accountTypes: [],
    },
  );
  await render(
    <CatalogueForm
      kind="offers"
      editing="new"
      initial={spec.initial(null)}
      fields={spec.fields}
      hasTexts={false}
      prepare={spec.prepare}
      onClose={onClose}
    />,
    {},
  );
  const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  change('catalogue-field-planId', PLAN);
  change('catalogue-field-billingPeriodId', PERIOD);
  change('catalogue-field-priceCents', '12');
  return { sent, onClose, change };
}

describe('an offer’s seat pricing in the catalogue form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a minimum of seats only for a per-seat price, and sends it with the pricing', async () => {
    const { sent, onClose, change } = await setup();
    expect(screen.queryByTestId('catalogue-field-minSeats')).toBeNull();
    change('catalogue-field-seatPricing', 'per_seat');
    expect(screen.getByText('Minimum seats')).toBeTruthy();
    change('catalogue-field-minSeats', '3');
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ priceCents: 1200, seatPricing: 'per_seat', minSeats: 3 });
  });

  it('sends a flat price with a minimum of 1, whatever was typed before switching back', async () => {
    const { sent, onClose, change } = await setup();
    change('catalogue-field-seatPricing', 'per_seat');
    change('catalogue-field-minSeats', '7');
    change('catalogue-field-seatPricing', 'flat');
    expect(screen.queryByTestId('catalogue-field-minSeats')).toBeNull();
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ seatPricing: 'flat', minSeats: 1 });
  });

  it('refuses a minimum it cannot read, on its field, and sends nothing', async () => {
    const { sent, change } = await setup();
    change('catalogue-field-seatPricing', 'per_seat');
    change('catalogue-field-minSeats', '0');
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    expect(await screen.findByText('Enter a whole number in the allowed range.')).toBeTruthy();
    expect(screen.getByTestId('catalogue-field-minSeats').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('puts the server’s refusal of a per-seat Free plan on the pricing field, in its words', async () => {
    const message = 'The Free plan cannot be priced per seat.';
    const { change } = await setup(() =>
      json({ ok: 0, code: 'catalogue.per_seat_free_plan', message, errors: { seatPricing: [message] } }, 422),
    );
    change('catalogue-field-seatPricing', 'per_seat');
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('catalogue-field-seatPricing'));
  });
});
