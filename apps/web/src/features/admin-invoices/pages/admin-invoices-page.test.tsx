import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminInvoiceSummary } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import AdminInvoicesPage from './admin-invoices-page';

const invoice: AdminInvoiceSummary = {
  id: '0b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
  number: 'F2026-000007',
  kind: 'invoice',
  series: 'F',
  invoiceType: 'F1',
  taxRule: 'domestic',
  status: 'issued',
  issuedAt: '2026-11-22T10:00:00.000Z',
  issueDate: '2026-11-22',
  currency: 'EUR',
  locale: 'es',
  userId: '1b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
  customerName: 'Ana López',
  customerEmail: 'ana@example.com',
  customerTaxId: 'ESX1234567Z',
  subtotalCents: 900,
  taxCents: 189,
  totalCents: 1089,
  creditedCents: 0,
  correctedInvoiceId: null,
  correctedNumber: null,
  correctedIssueDate: null,
  paymentId: '2b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
  dispute: null,
};

const noEvents = () => json({ ok: 1, data: [], meta: { nextCursor: null } });
const noRejected = () => json({ ok: 1, data: [] });

async function setup(
  answer: (url: string, init?: RequestInit) => Response,
  events: () => Response = noEvents,
  rejected: () => Response = noRejected,
) {
  // The event log below the list and the rejected records above it have their own endpoints.
  const { calls } = mockApi((url, init) =>
    url.startsWith('/api/admin/invoices/events')
      ? events()
      : url.startsWith('/api/admin/invoices/submissions')
        ? rejected()
        : answer(url, init),
  );
  const { router } = await render(<AdminInvoicesPage />, { path: '/admin/facturas' });
  return { calls, router };
}

const list = (data: AdminInvoiceSummary[]) => json({ ok: 1, data, meta: { nextCursor: null } });

/** The credit note the API answers for `invoice`, with the figures a test gives. */
const creditNote = (fields: { number: string; totalCents: number; subtotalCents: number; taxCents: number; serviceEnded?: unknown }) => ({
  ...invoice,
  id: crypto.randomUUID(),
  kind: 'credit_note',
  series: 'R',
  invoiceType: 'R1',
  correctedInvoiceId: invoice.id,
  correctedNumber: invoice.number,
  correctedIssueDate: invoice.issueDate,
  paymentId: null,
  seller: { name: 'S', taxId: 'T', address: null, country: 'ES' },
  buyer: { name: 'Ana López', taxId: 'ESX1234567Z', address: null, country: 'ES' },
  reason: 'Refund',
  lines: [],
  taxTotals: [],
  serviceEnded: null,
  ...fields,
});

describe('Facturas', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists invoices and searches a customer through the URL', async () => {
    const { calls, router } = await setup(() => list([invoice]));
    expect(await screen.findAllByText('F2026-000007')).not.toHaveLength(0);
    expect(screen.getAllByText('Ana López').length).toBeGreaterThan(0);
    // Its type as the tax record holds it.
    expect(screen.getAllByText('Invoice (F1)').length).toBeGreaterThan(0);
    // The VAT rule shows where it is not the seller's VAT at home.
    expect(screen.queryAllByTestId('invoice-tax-rule')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('invoices-filter-q'), { target: { value: 'ana' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana'));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/admin/invoices?') && c.url.includes('q=ana'))).toBe(true));
  });

  it('names the VAT rule of an invoice that is not taxed at home', async () => {
    await setup(() => list([{ ...invoice, taxRule: 'eu_reverse_charge', taxCents: 0, totalCents: 900 }]));
    expect((await screen.findAllByTestId('invoice-tax-rule'))[0]!.textContent).toBe('Reverse charge (EU business)');
  });

  it('marks an invoice whose payment the customer’s bank disputed, with the dispute’s status', async () => {
    await setup(() =>
      list([
        { ...invoice, dispute: { status: 'needs_response', closedAt: null } },
        { ...invoice, id: crypto.randomUUID(), number: 'F2026-000008', dispute: { status: 'lost', closedAt: '2026-11-30T00:00:00.000Z' } },
        { ...invoice, id: crypto.randomUUID(), number: 'F2026-000009' },
      ]),
    );
    await screen.findAllByText('F2026-000009');
    // The table and the cards (narrow screens) show each row once: the first half is the table's.
    const marks = screen.getAllByTestId('invoice-dispute').map((m) => m.textContent);
    expect(marks.slice(0, marks.length / (marks.length > 2 ? 2 : 1))).toEqual(['Disputed: needs a response', 'Disputed: lost']);
  });

  it('shows the empty state', async () => {
    await setup(() => list([]));
    expect(await screen.findByTestId('invoices-table-empty')).toBeTruthy();
  });

  it('issues a credit note and keeps what was typed when the server refuses it', async () => {
    let refuse = true;
    const { calls } = await setup((url) => {
      if (url.includes('/credit-notes')) {
        if (refuse) {
          refuse = false;
          return json({ ok: 0, code: 'payment.refund_failed', message: 'The payment provider did not accept the refund.' }, 502);
        }
        return json({ ok: 1, data: creditNote({ number: 'R2026-000001', totalCents: -500, subtotalCents: -413, taxCents: -87 }) }, 201);
      }
      return list([invoice]);
    });
    fireEvent.click((await screen.findAllByTestId('invoice-credit'))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('credit-amount'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByTestId('credit-reason'), { target: { value: 'Refund' } });
    fireEvent.click(within(dialog).getByTestId('credit-submit'));
    expect(await within(dialog).findByText('The payment provider did not accept the refund.')).toBeTruthy();
    expect(within(dialog).getByTestId<HTMLTextAreaElement>('credit-reason').value).toBe('Refund');
    fireEvent.click(within(dialog).getByTestId('credit-submit'));
    expect(await screen.findByText('Credit note R2026-000001 issued and refunded.')).toBeTruthy();
    const posts = calls.filter((c) => c.url.includes('/credit-notes'));
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[1]!.init?.body as string)).toEqual({ reason: 'Refund', correctionCode: 'R1', amountCents: 500 });
  });

  it('offers to end the plan only when everything left is credited, not for a partial amount', async () => {
    await setup(() => list([invoice]));
    fireEvent.click((await screen.findAllByTestId('invoice-credit'))[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('credit-end-service')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('credit-amount'), { target: { value: '5' } });
    expect(within(dialog).queryByTestId('credit-end-service')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('credit-amount'), { target: { value: '' } });
    expect(within(dialog).getByTestId('credit-end-service')).toBeTruthy();
  });

  it('credits everything left as a base or with tax, and ends the plan when the paid period ends if asked', async () => {
    const { calls } = await setup((url) => {
      if (url.includes('/credit-notes'))
        return json(
          {
            ok: 1,
            data: creditNote({
              number: 'R2026-000002',
              totalCents: -1089,
              subtotalCents: -900,
              taxCents: -189,
              serviceEnded: {
                subscriptionId: '5b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
                when: 'period_end',
                endsAt: '2026-12-22T10:00:00.000Z',
              },
            }),
          },
          201,
        );
      return list([invoice]);
    });
    fireEvent.click((await screen.findAllByTestId('invoice-credit'))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('When the paid period ends (it no longer renews)'));
    // The reason's code for the tax record: R1 unless chosen.
    fireEvent.click(within(dialog).getByTestId('credit-correction'));
    fireEvent.click(await screen.findByText('R4 — any other correction'));
    fireEvent.change(within(dialog).getByTestId('credit-reason'), { target: { value: 'Refund' } });
    fireEvent.click(within(dialog).getByTestId('credit-submit'));
    expect(
      await screen.findByText(
        /^Credit note R2026-000002 issued and refunded\. The plan it paid for ends on .*2026.* and does not renew\.$/,
      ),
    ).toBeTruthy();
    const posts = calls.filter((c) => c.url.includes('/credit-notes'));
    expect(JSON.parse(posts[0]!.init?.body as string)).toEqual({ reason: 'Refund', correctionCode: 'R4', endService: 'period_end' });
  });

  it('says a simplified invoice’s credit note is R5 instead of asking for the code', async () => {
    await setup(() => list([{ ...invoice, invoiceType: 'F2' }]));
    fireEvent.click((await screen.findAllByTestId('invoice-credit'))[0]!);
    expect(screen.getAllByText('Simplified invoice (F2)').length).toBeGreaterThan(0);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('credit-simplified').textContent).toBe(
      'This is a simplified invoice: its credit note is recorded as R5.',
    );
    expect(within(dialog).queryByTestId('credit-correction')).toBeNull();
  });

  it('verifies the record chain and names the first broken record', async () => {
    let broken = false;
    let signed = 0;
    const { calls } = await setup((url) => {
      if (url === '/api/admin/invoices/verify-chain') {
        const data = broken
          ? {
              ok: false,
              checked: 10,
              signaturesChecked: 0,
              firstBroken: { number: 'F2026-000010', issuedAt: '2026-11-22T10:00:00.000Z', reason: 'hash' },
            }
          : { ok: true, checked: 42, signaturesChecked: signed, firstBroken: null };
        return json({ ok: 1, data });
      }
      return list([invoice]);
    });
    fireEvent.click(await screen.findByTestId('invoices-verify-chain'));
    expect((await screen.findByTestId('invoices-chain-result')).textContent).toBe('The record chain is intact: 42 records checked.');
    signed = 42;
    fireEvent.click(screen.getByTestId('invoices-verify-chain'));
    await waitFor(() =>
      expect(screen.getByTestId('invoices-chain-result').textContent).toBe(
        'The record chain is intact: 42 records checked. 42 signatures verified.',
      ),
    );
    broken = true;
    fireEvent.click(screen.getByTestId('invoices-verify-chain'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /^The record chain is broken at F2026-000010 \(issued .*2026.*\), after 10 records checked: its stored fields no longer match its hash\.$/,
      ),
    );
    const posts = calls.filter((c) => c.url === '/api/admin/invoices/verify-chain');
    expect(posts.map((c) => c.init?.method)).toEqual(['POST', 'POST', 'POST']);
  });
  it('shows the NO VERI*FACTU event log: each event, what it says and whether it is signed', async () => {
    const event = (eventType: string, details: object, signed: boolean) => ({
      id: crypto.randomUUID(),
      issuerTaxId: 'B00000000',
      position: 1,
      eventType,
      occurredAt: '2026-11-22T10:00:00.000Z',
      generatedAt: '2026-11-22T11:00:00+01:00',
      hash: 'A'.repeat(64),
      previousHash: '',
      signed,
      details,
    });
    await setup(
      () => list([invoice]),
      () =>
        json({
          ok: 1,
          data: [
            event('04', { kind: 'anomaly', anomaly: '01', record: { number: 'F2026-000003' } }, true),
            event('01', { kind: 'start' }, false),
          ],
          meta: { nextCursor: null },
        }),
    );
    const log = await screen.findByTestId('invoices-events');
    await within(log).findAllByText('Record F2026-000003');
    // The rows as the table shows them (the same rows are also laid out as cards for narrow screens).
    const table = within(within(log).getByRole('table'));
    expect(table.getByText('04 · Anomaly in the records')).toBeTruthy();
    expect(table.getByText('01 · System started (NO VERI*FACTU)')).toBeTruthy();
    expect(table.getAllByText('Signed')).toHaveLength(1);
    expect(table.getAllByText('Unsigned')).toHaveLength(1);
  });

  it('lists the records the AEAT rejected with its error code and description', async () => {
    const { calls } = await setup(
      () => list([invoice]),
      noEvents,
      () =>
        json({
          ok: 1,
          data: [
            {
              recordId: crypto.randomUUID(),
              invoiceId: invoice.id,
              number: 'F2026-000007',
              issuerTaxId: 'B00000000',
              position: 7,
              state: 'rejected',
              csv: 'A-0123456789ABCD',
              errorCode: '1104',
              errorDescription: 'Valor del campo NumSerieFactura incorrecto.',
              attempts: 1,
              answeredAt: '2026-11-25T08:00:00.000Z',
            },
          ],
        }),
    );
    const section = await screen.findByTestId('invoices-rejected-records');
    await within(section).findAllByText('Valor del campo NumSerieFactura incorrecto.');
    const table = within(within(section).getByRole('table'));
    expect(table.getByText('F2026-000007')).toBeTruthy();
    expect(table.getByText('1104')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/invoices/submissions?state=rejected&limit=50')).toBe(true);
  });
});
