import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MethodSetup, PaymentMethod } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import RedsysReturnPage from '../pages/redsys-return-page';
import { AddMethod, redsysSetupChoice } from './add-method';
import { AuthenticationStep } from './authentication-step';

const FORM = {
  url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  fields: {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: 'eyJEU19NRVJDSEFOVF9PUkRFUiI6IjEyMzRhYmNkIn0=',
    Ds_Signature: 'c2lnbmF0dXJl',
  },
};
const SETUP: MethodSetup = {
  setupId: '1234abcdEFGH',
  clientSecret: JSON.stringify(FORM),
  provider: 'redsys',
  publishableKey: null,
  testMode: true,
  kind: 'card',
  mandateText: null,
};
const SAVED: PaymentMethod = {
  id: 'm1',
  kind: 'card',
  brand: 'visa',
  last4: '0004',
  expMonth: 12,
  expYear: 2030,
  holder: 'Ana López',
  isDefault: true,
  usable: true,
  createdAt: '2026-11-26T00:00:00.000Z',
};

function api() {
  const mocked = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url === '/api/user/methods/setup') return json({ ok: 1, data: SETUP });
    if (method === 'POST' && url === '/api/payments/redsys/return')
      return json({ ok: 1, data: { kind: 'setup', ref: SETUP.setupId, status: 'succeeded' } });
    if (method === 'POST' && url === '/api/user/methods') return json({ ok: 1, data: SAVED });
    if (url === '/api/datasuscription') return new Response('', { status: 404 });
    return json({ ok: 1, data: [] });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
  const sent = (url: string) =>
    mocked.calls.filter((c) => c.init?.method === 'POST' && c.url === url).map((c) => JSON.parse(c.init?.body as string) as unknown);
  return { sent };
}

describe('Redsys in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('"Add a card" posts the signed form to Redsys’ page (top level), with no field that takes a number, keeping the default choice for the return', async () => {
    api();
    await render(<AddMethod kind="card" onSaved={vi.fn()} />);
    const panel = await screen.findByTestId('redsys-page-form');
    const form = panel.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(FORM.url);
    expect(form.getAttribute('target')).toBeNull();
    const hidden = Object.fromEntries(
      [...form.querySelectorAll('input[type="hidden"]')].map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value]),
    );
    expect(hidden).toEqual(FORM.fields);
    // Nothing to type here: only hidden fields and the "default" checkbox.
    expect([...form.querySelectorAll('input')].filter((i) => i.type !== 'hidden' && i.type !== 'checkbox')).toEqual([]);
    expect(screen.getByTestId('redsys-test-mode').textContent).toContain('Test mode');

    fireEvent.click(screen.getByTestId('method-make-it-default'));
    // jsdom does not navigate: the submit event is what the browser would send.
    fireEvent.submit(form);
    expect(JSON.parse(sessionStorage.getItem(redsysSetupChoice(SETUP.setupId))!)).toEqual({ makeDefault: true });
  });

  it('the payment page’s authentication step is Redsys’ page too', async () => {
    await render(
      <AuthenticationStep
        nextAction={{ kind: 'authenticate', provider: 'redsys', clientSecret: JSON.stringify(FORM), publishableKey: null }}
        onDone={vi.fn()}
      />,
    );
    const form = (await screen.findByTestId('redsys-page-form')).querySelector('form')!;
    expect(form.getAttribute('action')).toBe(FORM.url);
    expect(screen.getByRole('button', { name: 'Continue to Redsys' })).toBeTruthy();
  });

  it('back on our page: passes Redsys’ signed result to our API, then saves the setup with the default choice made before leaving', async () => {
    const { sent } = api();
    sessionStorage.setItem(redsysSetupChoice(SETUP.setupId), JSON.stringify({ makeDefault: true }));
    const query = new URLSearchParams({ setup: SETUP.setupId, result: 'ok', ...FORM.fields });
    await render(<RedsysReturnPage />, { route: `/user/methods/redsys?${query.toString()}`, path: '/user/methods/redsys' });
    await waitFor(() => expect(screen.getByTestId('redsys-return-done').textContent).toContain('0004'));
    expect(sent('/api/payments/redsys/return')).toEqual([FORM.fields]);
    expect(sent('/api/user/methods')).toEqual([{ setupId: SETUP.setupId, makeDefault: true }]);
    expect(screen.getByRole('link', { name: 'Back to payment methods' }).getAttribute('href')).toBe('/user/methods');
    expect(sessionStorage.getItem(redsysSetupChoice(SETUP.setupId))).toBeNull();
  });
});
