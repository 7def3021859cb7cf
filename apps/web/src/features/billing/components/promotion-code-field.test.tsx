import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PriceQuote } from '@enlaza/contracts';
import { ApiError } from '@/lib/api-error';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { PaySummary } from './pay-summary';
import { PromotionCodeField } from './promotion-code-field';

const refused = new ApiError({
  message: 'This code has expired.',
  status: 422,
  code: 'coupon.expired',
  fieldErrors: { promotionCode: ['This code has expired.'] },
  serverMessage: 'This code has expired.',
});

describe('the "Have a code?" field', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the quote again with the code typed (in capitals), shows a refusal under it and keeps what was typed', async () => {
    mockApi(() => json({ ok: 1, data: {} }));
    const apply = vi.fn(async (code: string) => {
      if (code === 'OLD-CODE') throw refused;
    });
    const remove = vi.fn();
    await render(<PromotionCodeField applied={null} apply={apply} remove={remove} />);
    fireEvent.click(screen.getByTestId('promotion-code-open'));
    fireEvent.click(screen.getByTestId('promotion-code-apply'));
    expect(await screen.findByText('Type the code first.')).toBeTruthy();
    expect(apply).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('promotion-code-input'), { target: { value: 'old-code' } });
    fireEvent.click(screen.getByTestId('promotion-code-apply'));
    expect(await screen.findByText('This code has expired.')).toBeTruthy();
    expect(apply).toHaveBeenCalledWith('OLD-CODE');
    expect(screen.getByTestId<HTMLInputElement>('promotion-code-input').value).toBe('old-code');
  });

  it('applied: names the code and how long the discount lasts, and removes it', async () => {
    mockApi(() => json({ ok: 1, data: {} }));
    const remove = vi.fn();
    await render(
      <PromotionCodeField
        applied="SPRING"
        discount={{ name: 'Spring', code: 'SPRING', amountOffCents: 450, duration: 'repeating', durationInMonths: 3 }}
        apply={vi.fn()}
        remove={remove}
      />,
    );
    expect(screen.getByText('SPRING')).toBeTruthy();
    expect(screen.getByText('Discount for 3 months')).toBeTruthy();
    fireEvent.click(screen.getByTestId('promotion-code-remove'));
    await waitFor(() => expect(remove).toHaveBeenCalled());
  });

  it('the summary shows the discount line and the taxable base after it', async () => {
    mockApi(() => json({ ok: 1, data: {} }));
    const price: PriceQuote = {
      subtotalCents: 675,
      taxCents: 142,
      totalCents: 817,
      taxName: 'IVA 21 %',
      taxRateBasisPoints: 2100,
      taxRule: 'domestic',
    };
    await render(
      <PaySummary
        lines={[
          { description: 'Plan Pro (Monthly)', amountCents: 900 },
          { description: 'Discount Spring (SPRING)', amountCents: -225 },
        ]}
        price={price}
        discounted
      />,
    );
    expect(screen.getByText('Discount Spring (SPRING)')).toBeTruthy();
    expect(screen.getByTestId('pay-taxable-base').textContent).toMatch(/6[.,]75/);
    expect(screen.getByTestId('pay-total').textContent).toMatch(/8[.,]17/);
  });
});
