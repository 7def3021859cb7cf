import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import WebhooksPage from './webhooks-page';

const ENDPOINT: WebhookEndpoint = {
  id: '11111111-1111-4111-8111-111111111111',
  url: 'https://crm.example/hooks/enlaza',
  description: 'CRM',
  events: ['message.received', 'invoice.issued'],
  enabled: false,
  disabledReason: 'failing',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastAttemptAt: '2026-11-25T10:00:00.000Z',
  lastAttemptOk: false,
};
const DELIVERY: WebhookDelivery = {
  id: '22222222-2222-4222-8222-222222222222',
  eventId: 'evt_0123456789abcdef',
  type: 'message.received',
  status: 'failed',
  attempts: 12,
  createdAt: '2026-11-24T10:00:00.000Z',
  lastAttemptAt: '2026-11-25T10:00:00.000Z',
  lastStatus: 500,
  nextAttemptAt: null,
};
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

async function setup(answer: (url: string, init?: RequestInit) => Response) {
  const mocked = mockApi(answer);
  await render(<WebhooksPage />);
  return mocked;
}

describe('the Webhooks page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state, then adds an endpoint and shows its secret once', async () => {
    const created = { ...ENDPOINT, enabled: true, disabledReason: null, lastAttemptAt: null, lastAttemptOk: null };
    const mocked = await setup((url, init) =>
      init?.method === 'POST' ? json({ ok: 1, data: { endpoint: created, secret: SECRET } }) : json({ ok: 1, data: [] }),
    );
    expect(await screen.findByTestId('webhooks-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhooks-add'));
    fireEvent.change(await screen.findByTestId('webhooks-url'), { target: { value: 'https://crm.example/hooks/enlaza' } });
    fireEvent.click(screen.getByTestId('webhooks-event-message.received'));
    fireEvent.click(screen.getByTestId('webhooks-save'));
    expect((await screen.findByTestId('webhooks-secret')).textContent).toBe(SECRET);
    const post = mocked.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(post?.init?.body as string)).toMatchObject({ url: 'https://crm.example/hooks/enlaza', events: ['message.received'] });
    fireEvent.click(screen.getByTestId('webhooks-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhooks-secret')).toBeNull());
  });

  it('asks for at least one event before sending anything', async () => {
    const mocked = await setup(() => json({ ok: 1, data: [] }));
    await screen.findByTestId('webhooks-empty');
    fireEvent.click(screen.getByTestId('webhooks-add'));
    fireEvent.change(await screen.findByTestId('webhooks-url'), { target: { value: 'https://crm.example/x' } });
    fireEvent.click(screen.getByTestId('webhooks-save'));
    expect(await screen.findByText('Choose at least one event.')).toBeTruthy();
    expect(mocked.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
  });

  it('lists an endpoint turned off for failing, and its delivery log with the attempts', async () => {
    await setup((url) => {
      if (url.endsWith('/deliveries')) return json({ ok: 1, data: [DELIVERY] });
      if (url.includes('/deliveries/'))
        return json({
          ok: 1,
          data: {
            ...DELIVERY,
            attemptLog: [
              {
                id: '33333333-3333-4333-8333-333333333333',
                attempt: 1,
                requestBody: '{"id":"evt_0123456789abcdef"}',
                status: null,
                error: 'fetch failed (ECONNREFUSED)',
                durationMs: 3,
                at: DELIVERY.createdAt,
              },
            ],
          },
        });
      return json({ ok: 1, data: [ENDPOINT] });
    });
    const row = await screen.findByTestId('webhooks-endpoint');
    expect(within(row).getByText('Off: deliveries kept failing')).toBeTruthy();
    expect(within(row).getByText(/Last delivery failed/)).toBeTruthy();
    fireEvent.click(within(row).getByTestId('webhooks-open-log'));
    const delivery = await screen.findByTestId('webhooks-delivery');
    expect(within(delivery).getByText('12')).toBeTruthy();
    // Resend waits until the endpoint is on again.
    expect(within(delivery).getByTestId<HTMLButtonElement>('webhooks-resend').disabled).toBe(true);
    fireEvent.click(within(delivery).getByRole('button', { name: 'Details' }));
    expect(await screen.findByText('fetch failed (ECONNREFUSED)')).toBeTruthy();
  });
});
