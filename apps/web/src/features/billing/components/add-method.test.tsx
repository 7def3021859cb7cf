import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SANDBOX_TEST_METHODS, type MethodKindName, type MethodSetup, type PaymentMethod } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { AddMethod } from './add-method';

const MANDATE = 'By accepting this mandate you authorise Enlaza to send instructions to your bank to debit your account.';
const setupOf = (kind: MethodKindName, n: number): MethodSetup => ({
  setupId: `sbx_setup_${n}`,
  clientSecret: `sbx_setup_${n}`,
  provider: 'sandbox',
  publishableKey: null,
  testMode: true,
  kind,
  mandateText: kind === 'sepa_debit' ? MANDATE : null,
});
const saved = (kind: MethodKindName): PaymentMethod => ({
  id: 'm1',
  kind,
  brand: kind === 'card' ? 'visa' : 'sepa_debit',
  last4: kind === 'card' ? '4242' : '3000',
  expMonth: kind === 'card' ? 12 : null,
  expYear: kind === 'card' ? 2030 : null,
  holder: 'Ana López',
  isDefault: true,
  usable: true,
  createdAt: '2026-11-26T00:00:00.000Z',
});

async function setup(kind: MethodKindName, { declineFirstSave = false } = {}) {
  let setups = 0;
  let saves = 0;
  const mocked = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url === '/api/user/methods/setup') return json({ ok: 1, data: setupOf(kind, ++setups) });
    if (method === 'POST' && url.startsWith('/api/payments/sandbox/setups/')) return json({ ok: 1, data: {} });
    if (method === 'POST' && url === '/api/user/methods') {
      saves += 1;
      if (declineFirstSave && saves === 1)
        return json({ ok: 0, code: 'payment.setup_declined', message: 'The card was declined when it was saved.' }, 422);
      return json({ ok: 1, data: saved(kind) });
    }
    if (url === '/api/datasuscription') return new Response('', { status: 404 });
    return json({ ok: 1, data: [] });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
  const onSaved = vi.fn();
  await render(<AddMethod kind={kind} onSaved={onSaved} />);
  /** The bodies sent to `url` (or to every address it starts, when it ends with `/`). */
  const sent = (method: string, url: string) =>
    mocked.calls
      .filter((c) => (c.init?.method ?? 'GET') === method && (url.endsWith('/') ? c.url.startsWith(url) : c.url === url))
      .map((c) => JSON.parse(c.init?.body as string) as unknown);
  return { onSaved, sent };
}

describe('adding a method with the sandbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the test-mode banner and the test cards, never a field that takes a number, and posts only the test method id', async () => {
    const { onSaved, sent } = await setup('card');
    const form = await screen.findByTestId('sandbox-setup');
    expect(screen.getByTestId('sandbox-banner').textContent).toContain('Test mode — no real money');
    // Every input is the holder, a radio or a checkbox: nothing takes a card number.
    const inputs = [...form.querySelectorAll('input, textarea')] as HTMLInputElement[];
    expect(inputs.filter((input) => input.type !== 'radio' && input.type !== 'checkbox').map((input) => input.dataset.testid)).toEqual([
      'sandbox-holder',
    ]);
    expect(form.querySelector('[autocomplete="cc-number"], [inputmode="numeric"]')).toBeNull();
    expect(screen.getByText('Visa ending 3184 — always asks for authentication')).toBeTruthy();
    expect(screen.queryByText(/SEPA/)).toBeNull();

    fireEvent.change(screen.getByTestId('sandbox-holder'), { target: { value: 'Ana López' } });
    fireEvent.click(screen.getByLabelText('Visa ending 3184 — always asks for authentication'));
    fireEvent.click(screen.getByTestId('method-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent('POST', '/api/payments/sandbox/setups/sbx_setup_1/confirm')).toEqual([
      { testMethod: 'sandbox_card_authenticate_always', holder: 'Ana López' },
    ]);
    expect(sent('POST', '/api/user/methods/setup')).toEqual([{ kind: 'card' }]);
    expect(sent('POST', '/api/user/methods')).toEqual([{ setupId: 'sbx_setup_1', makeDefault: false }]);
    // No body carries anything like a card number.
    for (const body of sent('POST', '/api/')) expect(JSON.stringify(body)).not.toMatch(/\d{12,}/);
  });

  it('refuses to save a bank account until the SEPA mandate shown is accepted, then sends it as accepted', async () => {
    const { onSaved, sent } = await setup('sepa_debit');
    await screen.findByTestId('sandbox-setup');
    expect(screen.getByTestId('sepa-mandate-text').textContent).toBe(MANDATE);
    const sepaLabels = SANDBOX_TEST_METHODS.filter((m) => m.kind === 'sepa_debit').length;
    expect(screen.getAllByRole('radio')).toHaveLength(sepaLabels);
    expect(screen.getByText('SEPA account ending 3000 — settles after 3 business days')).toBeTruthy();
    fireEvent.change(screen.getByTestId('sandbox-holder'), { target: { value: 'Ana López' } });

    fireEvent.click(screen.getByTestId('method-save'));
    expect(await screen.findByText('Accept the mandate to save the account.')).toBeTruthy();
    expect(sent('POST', '/api/payments/sandbox/setups/')).toHaveLength(0);
    expect(sent('POST', '/api/user/methods')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('I accept this mandate'));
    fireEvent.click(screen.getByTestId('method-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent('POST', '/api/payments/sandbox/setups/sbx_setup_1/confirm')).toEqual([
      { testMethod: 'sandbox_sepa_settles', holder: 'Ana López' },
    ]);
    expect(sent('POST', '/api/user/methods')).toEqual([{ setupId: 'sbx_setup_1', mandateAccepted: true, makeDefault: false }]);
  });

  it('shows a refused save and starts a new setup for the next attempt', async () => {
    const { onSaved, sent } = await setup('card', { declineFirstSave: true });
    await screen.findByTestId('sandbox-setup');
    fireEvent.change(screen.getByTestId('sandbox-holder'), { target: { value: 'Ana López' } });
    fireEvent.click(screen.getByTestId('method-save'));
    expect((await screen.findByTestId('method-error')).textContent).toContain('The card was declined when it was saved.');
    await waitFor(() => expect(sent('POST', '/api/user/methods/setup')).toHaveLength(2));

    fireEvent.click(screen.getByTestId('method-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent('POST', '/api/user/methods')).toEqual([
      { setupId: 'sbx_setup_1', makeDefault: false },
      { setupId: 'sbx_setup_2', makeDefault: false },
    ]);
  });
});
