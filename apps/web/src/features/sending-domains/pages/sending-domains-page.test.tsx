import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SendingDnsRecord, SendingDomain } from '@enlaza/contracts';
import { formatDateTime } from '@/lib/format';
import { labelInNameProblem } from '@/test/label-in-name';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import SendingDomainsPage from './sending-domains-page';

const ID = '11111111-1111-4111-8111-111111111111';
const DKIM_KEY = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(9)}`;
const RECORDS: SendingDnsRecord[] = [
  {
    kind: 'dkim',
    type: 'TXT',
    name: 'enlaza-1a2b3c4d._domainkey.example.com',
    value: DKIM_KEY,
    required: true,
    status: 'unchecked',
    seen: [],
  },
  { kind: 'dmarc', type: 'TXT', name: '_dmarc.example.com', value: 'v=DMARC1; p=none', required: true, status: 'unchecked', seen: [] },
  {
    kind: 'spf',
    type: 'TXT',
    name: 'example.com',
    value: 'v=spf1 include:spf.enlaza.app ~all',
    required: false,
    status: 'unchecked',
    seen: [],
  },
];
const PENDING: SendingDomain = {
  id: ID,
  domain: 'example.com',
  localPart: 'hola',
  address: 'hola@example.com',
  status: 'pending',
  inUse: false,
  selector: 'enlaza-1a2b3c4d',
  records: RECORDS,
  checkedAt: null,
  verifiedAt: null,
  createdAt: '2031-03-14T09:00:00.000Z',
};
const CHECKED_AT = '2031-03-14T10:30:00.000Z';
/** The same domain after a check: DKIM and DMARC found, SPF published with another value. */
const VERIFIED: SendingDomain = {
  ...PENDING,
  status: 'verified',
  checkedAt: CHECKED_AT,
  verifiedAt: CHECKED_AT,
  records: [
    { ...RECORDS[0]!, status: 'found' },
    { ...RECORDS[1]!, status: 'found' },
    { ...RECORDS[2]!, status: 'mismatch', seen: ['v=spf1 include:_spf.google.com ~all'] },
  ],
};

type Route = `${'GET' | 'POST' | 'PATCH' | 'DELETE'} ${string}`;
/**
 * The routes this screen may call, each with its answer; any other call fails the test. The list is
 * read from `state.domains`, which a route's answer may change.
 */
function server(state: { domains: SendingDomain[] }, routes: Partial<Record<Route, (body: unknown) => Response | Promise<Response>>>) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}` as Route;
    if (key === 'GET /api/sending-domains' && !routes[key]) return json({ ok: 1, data: state.domains });
    const route = routes[key];
    if (!route) throw new Error(`the sending domains page called ${key}`);
    return route(init?.body ? JSON.parse(init.body as string) : undefined);
  });
}

const renderPage = (locale?: 'en' | 'es' | 'jp') =>
  render(<SendingDomainsPage />, {
    route: '/user/campanas/dominios',
    locale,
    routes: [{ path: '/user/campanas', element: <p>Campaigns</p> }],
  });

/** The wide table's row of a record (jsdom lays out nothing: the phone cards are in the page too). */
const tableRow = (kind: string) =>
  within(screen.getByTestId('sending-records-table'))
    .getAllByTestId('sending-record')
    .find((r) => r.dataset.kind === kind)!;

describe('the Sending domains page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says campaigns come “via Enlaza” until a domain is chosen, shows the empty state, and leads back to the campaigns', async () => {
    server({ domains: [] }, {});
    const { router } = await renderPage();
    expect(await screen.findByTestId('sending-domains-empty')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sending domains' })).toBeTruthy();
    expect(screen.getByText(/come from “<your name> via Enlaza”/)).toBeTruthy();
    expect(screen.getByText(/signed with your domain’s DKIM key/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to campaigns' }));
    expect(await screen.findByText('Campaigns')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/campanas');
  });

  it('adds a domain with “hola” before the @ unless told otherwise, then lists it with its records', async () => {
    const state = { domains: [] as SendingDomain[] };
    const mocked = server(state, {
      'POST /api/sending-domains': () => {
        state.domains = [PENDING];
        return json({ ok: 1, data: PENDING }, 201);
      },
    });
    await renderPage();
    await screen.findByTestId('sending-domains-empty');
    const localPart = screen.getByRole<HTMLInputElement>('textbox', { name: /Address before the @/ });
    expect(localPart.value).toBe('hola');
    fireEvent.change(screen.getByRole('textbox', { name: /^Domain/ }), { target: { value: ' Example.COM ' } });
    expect(screen.getByTestId('sending-add-preview').textContent).toBe('Campaigns will come from hola@example.com.');
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByTestId('sending-domain')).toBeTruthy();
    const post = mocked.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(post?.init?.body as string)).toEqual({ domain: 'example.com', localPart: 'hola' });
    // The form is empty again for another domain.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Domain/ }).value).toBe('');
  });

  it('refuses a domain that is not one before sending anything, and puts the server’s “already added” under the field', async () => {
    const mocked = server(
      { domains: [] },
      {
        'POST /api/sending-domains': () => json({ ok: 0, code: 'sending.domain_exists', message: 'You already added this domain.' }, 409),
      },
    );
    await renderPage();
    await screen.findByTestId('sending-domains-empty');
    const domain = screen.getByRole('textbox', { name: /^Domain/ });
    fireEvent.change(domain, { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Enter a domain name such as example.com.')).toBeTruthy();
    expect(document.activeElement).toBe(domain);
    expect(mocked.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(domain, { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('You already added this domain.')).toBeTruthy();
    await waitFor(() => expect(domain.getAttribute('aria-invalid')).toBe('true'));
  });

  it('shows a pending domain: its state in words, its From address and each record to publish with copy buttons', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server({ domains: [PENDING] }, {});
    await renderPage();
    const card = await screen.findByTestId('sending-domain');
    expect(within(card).getByTestId('sending-domain-status').textContent).toBe('Pending verification');
    expect(within(card).getByTestId('sending-domain-address').textContent).toBe('hola@example.com');
    expect(within(card).getByTestId('sending-domain-checked-at').textContent).toBe('Not checked yet');
    // Not verified: nothing to choose yet.
    expect(within(card).queryByRole('switch')).toBeNull();

    const table = within(card).getByRole('table', { name: 'DNS records to publish for example.com' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Record', 'Type', 'Name', 'Value', 'Last check']);
    const dkim = tableRow('dkim');
    expect(within(dkim).getByText('DKIM')).toBeTruthy();
    expect(within(dkim).getByText('Required')).toBeTruthy();
    expect(within(dkim).getByText('TXT')).toBeTruthy();
    expect(within(dkim).getByTestId('sending-record-value').textContent).toBe(DKIM_KEY);
    expect(within(dkim).getByTestId('sending-record-status').textContent).toBe('Not checked');
    expect(within(tableRow('dmarc')).getByText('Required')).toBeTruthy();
    expect(within(tableRow('spf')).getByText('Recommended')).toBeTruthy();

    fireEvent.click(within(dkim).getByRole('button', { name: 'Copy the DKIM value' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(DKIM_KEY));
    expect(await within(dkim).findByRole('button', { name: 'Copied' })).toBeTruthy();
    fireEvent.click(within(tableRow('spf')).getByRole('button', { name: 'Copy the SPF name' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('example.com'));

    // The same records as cards for a phone, each named.
    const cards = within(card).getByRole('list', { name: 'DNS records to publish for example.com' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((li) => li.dataset.kind),
    ).toEqual(['dkim', 'dmarc', 'spf']);
  });

  it('checks the DNS now: busy while it runs, then the records’ results, what was found instead, and the time in the viewer’s language', async () => {
    let answer: (response: Response) => void = () => undefined;
    const state = { domains: [PENDING] };
    server(state, {
      [`POST /api/sending-domains/${ID}/check`]: () =>
        new Promise<Response>((resolve) => {
          answer = (response) => {
            state.domains = [VERIFIED];
            resolve(response);
          };
        }),
    });
    await renderPage('es');
    const card = await screen.findByTestId('sending-domain');
    const check = within(card).getByRole('button', { name: 'Comprobar DNS ahora para example.com' });
    fireEvent.click(check);
    await waitFor(() => expect(within(card).getByTestId('sending-domain-checked-at').textContent).toBe('Comprobando el DNS…'));
    expect(check.hasAttribute('disabled') || check.dataset.loading !== undefined).toBe(true);

    answer(json({ ok: 1, data: VERIFIED }));
    await waitFor(() => expect(within(card).getByTestId('sending-domain-status').textContent).toBe('Verificado'));
    expect(within(card).getByTestId('sending-domain-checked-at').textContent).toBe(
      `Última comprobación: ${formatDateTime(CHECKED_AT, 'es')}`,
    );
    expect(within(tableRow('dkim')).getByTestId('sending-record-status').textContent).toBe('Encontrado');
    const spf = tableRow('spf');
    expect(within(spf).getByTestId('sending-record-status').textContent).toBe('Valor distinto');
    expect(within(spf).getByTestId('sending-record-seen').textContent).toBe('Se encontró en su lugar:v=spf1 include:_spf.google.com ~all');
    expect(within(card).getByRole('switch', { name: /Usar para mis campañas/ })).toBeTruthy();
  });

  it('chooses a verified domain for the campaigns, and says the server’s refusal in its words', async () => {
    const state = { domains: [VERIFIED] };
    const mocked = server(state, {
      [`PATCH /api/sending-domains/${ID}`]: () =>
        json(
          {
            ok: 0,
            code: 'sending.domain_not_verified',
            message: 'This domain is not verified yet. Publish its DNS records, then check it again.',
          },
          409,
        ),
    });
    await renderPage();
    const card = await screen.findByTestId('sending-domain');
    expect(within(card).getByTestId('sending-domain-state').textContent).toBe(
      'Verified. Turn on “Use for my campaigns” to send from hola@example.com.',
    );
    fireEvent.click(within(card).getByRole('switch', { name: /Use for my campaigns/ }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'This domain is not verified yet. Publish its DNS records, then check it again.',
    );
    const patch = mocked.calls.find((c) => c.init?.method === 'PATCH');
    expect(JSON.parse(patch?.init?.body as string)).toEqual({ inUse: true });
  });

  it('deletes a domain in use after saying campaigns come “via Enlaza” again', async () => {
    const state = { domains: [{ ...VERIFIED, inUse: true }] };
    const mocked = server(state, {
      [`DELETE /api/sending-domains/${ID}`]: () => {
        state.domains = [];
        return json({ ok: 1, data: {} });
      },
    });
    await renderPage();
    const card = await screen.findByTestId('sending-domain');
    expect(within(card).getByTestId('sending-domain-in-use').textContent).toBe('In use');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete example.com?' });
    expect(dialog.textContent).toContain('once it is deleted, they come “via Enlaza” again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete domain' }));
    expect(await screen.findByTestId('sending-domains-empty')).toBeTruthy();
    expect(mocked.calls.some((c) => c.init?.method === 'DELETE' && c.url === `/api/sending-domains/${ID}`)).toBe(true);
  });

  it('changes the address before the @', async () => {
    const state = { domains: [VERIFIED] };
    const mocked = server(state, {
      [`PATCH /api/sending-domains/${ID}`]: () => {
        state.domains = [{ ...VERIFIED, localPart: 'news', address: 'news@example.com' }];
        return json({ ok: 1, data: state.domains[0] });
      },
    });
    await renderPage();
    const card = await screen.findByTestId('sending-domain');
    fireEvent.click(within(card).getByRole('button', { name: 'Change the address of example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the address' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Address before the @/ }), { target: { value: 'news' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(within(card).getByTestId('sending-domain-address').textContent).toBe('news@example.com'));
    expect(JSON.parse(mocked.calls.find((c) => c.init?.method === 'PATCH')?.init?.body as string)).toEqual({ localPart: 'news' });
  });

  it.each(['en', 'es', 'jp'] as const)('names every button with the words it shows (%s)', async (locale) => {
    server({ domains: [{ ...VERIFIED, status: 'failed', inUse: true }] }, {});
    await renderPage(locale);
    await screen.findByTestId('sending-domain');
    const problems = screen
      .getAllByRole('button')
      .map(labelInNameProblem)
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('says while it loads, and when the list could not be loaded', async () => {
    server({ domains: [] }, { 'GET /api/sending-domains': () => json({ ok: 0, code: 'internal', message: 'Something went wrong.' }, 500) });
    await renderPage();
    expect(screen.getByTestId('sending-domains-loading').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByTestId('sending-domains-error')).toBeTruthy();
  });
});
