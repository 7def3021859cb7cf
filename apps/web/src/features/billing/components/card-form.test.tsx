import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { PaymentMethod } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { CardForm } from './card-form';

const saved: PaymentMethod = {
  id: 'pm_1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2039,
  holder: 'Ana López',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

async function setup(answer: () => Response) {
  // Saving a card refreshes the billing screens' queries too: not the point here.
  const mocked = mockApi((url, init) =>
    init?.method === 'POST' && url === '/api/user/methods' ? answer() : new Response('', { status: 404 }),
  );
  const onSaved = vi.fn();
  await render(<CardForm onSaved={onSaved} />);
  const input = (name: string) => screen.getByTestId<HTMLInputElement>(`card-${name}`);
  const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
  const fill = (number: string, expiry: string) => {
    type('number', number);
    type('expiry', expiry);
    type('cvc', '123');
    type('holder', 'Ana López');
  };
  const submit = () => fireEvent.click(screen.getByTestId('card-save'));
  return { calls: mocked.calls, onSaved, input, type, fill, submit };
}

describe('the card form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the card as the contract does before sending it, focusing the first field in error', async () => {
    const { calls, input, type, submit } = await setup(() => json({ ok: 1, data: saved }));
    type('number', '4242 4242 4242 4241');
    type('expiry', '13');
    submit();
    expect(screen.getByText('Enter a valid card number.')).toBeTruthy();
    expect(screen.getByText('Enter the expiry as MM/YY.')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digits on the back of the card.')).toBeTruthy();
    expect(screen.getByText('Enter the name on the card.')).toBeTruthy();
    expect(document.activeElement).toBe(input('number'));
    expect(input('holder').maxLength).toBe(120);
    expect(calls).toHaveLength(0);
  });

  it('says an expired card has expired, on the expiry', async () => {
    const { fill, submit } = await setup(() => json({ ok: 1, data: saved }));
    fill('4242424242424242', '01/20');
    submit();
    expect(screen.getByText('This card has expired.')).toBeTruthy();
  });

  it('sends the month and year of the expiry and hands the saved card over', async () => {
    const { calls, onSaved, input, fill, submit } = await setup(() => json({ ok: 1, data: saved }));
    fill('4242424242424242', '1239');
    expect(input('number').value).toBe('4242 4242 4242 4242');
    submit();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(JSON.parse(calls.find((call) => call.init?.method === 'POST')!.init?.body as string)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2039,
      cvc: '123',
      holder: 'Ana López',
      makeDefault: false,
    });
    expect(input('number').value).toBe('');
  });

  it("puts the server's refusal of the expiry on the expiry, and a refusal of the whole card above the button", async () => {
    let answer = () =>
      json({ ok: 0, code: 'validation.failed', message: 'Not valid.', errors: { expYear: ['Enter the expiry as MM/YY.'] } }, 422);
    const { input, fill, submit } = await setup(() => answer());
    fill('4242424242424242', '12/39');
    submit();
    expect(await screen.findByText('Enter the expiry as MM/YY.')).toBeTruthy();
    expect(document.activeElement).toBe(input('expiry'));

    answer = () => json({ ok: 0, code: 'payment.card_declined', message: 'The card was declined.' }, 402);
    submit();
    const error = await screen.findByTestId('card-error');
    expect(error.textContent).toContain('The card was not saved');
    expect(error.textContent).toContain('The card was declined.');
  });
});
