import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EuVatRate } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import AdminEuVatRatesPage from './admin-eu-vat-rates-page';

const RATES: EuVatRate[] = [
  { country: 'DE', rateBasisPoints: 1900, updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: null },
  { country: 'AT', rateBasisPoints: 2000, updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: null },
  { country: 'FI', rateBasisPoints: 2550, updatedAt: '2026-03-02T10:00:00.000Z', updatedBy: { id: 'a1', name: 'Ada Admin' } },
];

type Sent = { method: string; url: string; body: unknown };

/** The page over a mocked API: the list, and `put` for a rate's change. */
async function setup(put: (body: { rateBasisPoints: number }) => Response = (body) => json({ ok: 1, data: { ...RATES[0]!, ...body } })) {
  const sent: Sent[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(init.body as string) as { rateBasisPoints: number }) : undefined;
    sent.push({ method, url, body });
    return method === 'PUT' ? put(body!) : json({ ok: 1, data: RATES });
  });
  await render(<AdminEuVatRatesPage />);
  return { sent };
}

const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td *, td' })).closest('tr')!;
const input = () => screen.getByTestId<HTMLInputElement>('eu-vat-rate-input');

describe('the EU VAT rates screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each country by its name in the reader’s language, sorted, with its rate and last change', async () => {
    await setup();
    expect(screen.getByTestId('eu-vat-rates-table-loading')).toBeTruthy();
    const table = await screen.findByRole('table');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(names).toEqual(['Austria', 'Finland', 'Germany']);
    expect((await rowOf('Finland')).textContent).toContain('25.5%');
    expect((await rowOf('Finland')).textContent).toContain('by Ada Admin');
    expect((await rowOf('Germany')).textContent).toContain('(initial rate)');
  });

  it('sets a rate typed in percent as basis points', async () => {
    const { sent } = await setup();
    fireEvent.click(within(await rowOf('Germany')).getByTestId('eu-vat-rate-edit'));
    expect(await screen.findByText('VAT rate of Germany')).toBeTruthy();
    expect(input().value).toBe('19');
    expect(input().required).toBe(true);
    fireEvent.change(input(), { target: { value: '20,5' } });
    fireEvent.click(screen.getByTestId('eu-vat-rate-submit'));
    await waitFor(() => expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/admin/eu-vat-rates/DE',
      body: { rateBasisPoints: 2050 },
    });
    await waitFor(() => expect(screen.queryByTestId('eu-vat-rate-form')).toBeNull());
  });

  it('refuses a rate above 100 % or with more than two decimals on the field, without sending it', async () => {
    const { sent } = await setup();
    fireEvent.click(within(await rowOf('Austria')).getByTestId('eu-vat-rate-edit'));
    for (const typed of ['101', '19.555', 'abc', '']) {
      fireEvent.change(input(), { target: { value: typed } });
      fireEvent.click(screen.getByTestId('eu-vat-rate-submit'));
      expect(await screen.findByText('Enter a percentage from 0 to 100 with at most two decimals.')).toBeTruthy();
      expect(input().getAttribute('aria-invalid')).toBe('true');
    }
    expect(sent.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows the server’s field error on the rate', async () => {
    await setup(() =>
      json({ ok: 0, code: 'validation.failed', message: 'Check the fields', errors: { rateBasisPoints: ['Too high'] } }, 422),
    );
    fireEvent.click(within(await rowOf('Austria')).getByTestId('eu-vat-rate-edit'));
    fireEvent.click(await screen.findByTestId('eu-vat-rate-submit'));
    expect(await screen.findByText('Too high')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });
});
