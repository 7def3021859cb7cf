import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SmtpRelay } from '@enlaza/contracts';
import { FreshProofDialog } from '@/components/fresh-proof-dialog';
import { formatDateTime } from '@/lib/format';
import { labelInNameProblem } from '@/test/label-in-name';
import { json, mockApi, type MockedCall } from '@/test/mock-api';
import { render } from '@/test/render';
import SmtpRelaysPage from './smtp-relays-page';

const ID = '22222222-2222-4222-8222-222222222222';
const FAILED_AT = '2031-03-14T08:15:00.000Z';
const MAIN: SmtpRelay = {
  id: ID,
  name: 'Main relay',
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  user: 'mailer',
  hasPassword: true,
  rateMessages: 100,
  rateSeconds: 60,
  enabled: true,
  lastFailureAt: FAILED_AT,
  lastFailure: '535 5.7.8 Authentication credentials invalid',
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
};
const BACKUP: SmtpRelay = {
  ...MAIN,
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Backup',
  host: 'mail.backup.example',
  port: 465,
  secure: true,
  user: '',
  hasPassword: false,
  rateMessages: 0,
  rateSeconds: 1,
  enabled: false,
  lastFailureAt: null,
  lastFailure: null,
};

type Answer = (body: unknown) => Response | Promise<Response>;
/** The routes this screen may call, each with its answer; any other call fails the test. The list is `state.relays`. */
function server(state: { relays: SmtpRelay[] }, routes: Record<string, Answer> = {}) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
    const route = routes[key];
    if (route) return route(init?.body ? JSON.parse(init.body as string) : undefined);
    if (key === 'GET /api/admin/smtp-relays') return json({ ok: 1, data: state.relays });
    throw new Error(`the SMTP servers page called ${key}`);
  });
}
const bodyOf = (calls: MockedCall[], method: string) =>
  JSON.parse(calls.find((c) => c.init?.method === method)?.init?.body as string) as unknown;

const renderPage = (locale?: 'en' | 'es' | 'jp') => render(<SmtpRelaysPage />, { locale });
const row = (name: string) => screen.getAllByTestId('smtp-relay').find((li) => within(li).queryByRole('heading', { name }))!;

describe('the SMTP servers page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains the settings’ server with none here, the spreading and the failover', async () => {
    server({ relays: [] });
    await renderPage();
    expect(await screen.findByTestId('smtp-relays-empty')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'SMTP servers' })).toBeTruthy();
    expect(
      screen.getByText(/With no server here, campaigns and automations go out through the server in the settings \(SMTP_HOST\)/),
    ).toBeTruthy();
    expect(screen.getByText(/sends are spread over the enabled ones/)).toBeTruthy();
    expect(screen.getByText(/its sends move to the others/)).toBeTruthy();
  });

  it('lists each server: address, security, sign-in, rate or no limit, enabled or not, its last failure with time and words', async () => {
    server({ relays: [MAIN, BACKUP] });
    await renderPage();
    const main = await screen.findByRole('listitem', { name: 'Main relay' });
    expect(within(main).getByTestId('smtp-relay-address').textContent).toBe('smtp.example.com:587');
    expect(within(main).getByText('STARTTLS when the server offers it')).toBeTruthy();
    expect(within(main).getByTestId('smtp-relay-user').textContent).toBe('mailer (password saved)');
    expect(within(main).getByTestId('smtp-relay-rate').textContent).toBe('100 messages per 60 s');
    expect(within(main).getByTestId('smtp-relay-status').textContent).toBe('Enabled');
    expect(within(main).getByTestId('smtp-relay-failure').textContent).toBe(
      `${formatDateTime(FAILED_AT, 'en')}535 5.7.8 Authentication credentials invalid`,
    );
    const backup = row('Backup');
    expect(within(backup).getByText('Implicit TLS')).toBeTruthy();
    expect(within(backup).getByTestId('smtp-relay-user').textContent).toBe('None');
    expect(within(backup).getByTestId('smtp-relay-rate').textContent).toBe('No limit');
    expect(within(backup).getByTestId('smtp-relay-status').textContent).toBe('Disabled');
    expect(within(backup).getByTestId('smtp-relay-failure').textContent).toBe('None');
    expect(screen.getByTestId('smtp-relays-summary').textContent).toBe('Sends go through the one enabled server.');
  });

  it('says a rate of one message in the singular, in Spanish too', async () => {
    server({
      relays: [
        { ...MAIN, rateMessages: 1, rateSeconds: 2 },
        { ...BACKUP, enabled: true },
      ],
    });
    await renderPage('es');
    const main = await screen.findByRole('listitem', { name: 'Main relay' });
    expect(within(main).getByTestId('smtp-relay-rate').textContent).toBe('1 mensaje cada 2 s');
    expect(screen.getByTestId('smtp-relays-summary').textContent).toBe('Los envíos se reparten entre los 2 servidores activados.');
  });

  it('adds a server: implicit TLS moves the port to 465, an empty password is left out', async () => {
    const state = { relays: [] as SmtpRelay[] };
    const mocked = server(state, {
      'POST /api/admin/smtp-relays': () => {
        state.relays = [BACKUP];
        return json({ ok: 1, data: BACKUP }, 201);
      },
    });
    await renderPage();
    await screen.findByTestId('smtp-relays-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an SMTP server' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Backup' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Host/ }), { target: { value: 'Mail.Backup.example' } });
    const port = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Port/ });
    expect(port.value).toBe('587');
    fireEvent.click(within(dialog).getByRole('switch', { name: /Implicit TLS/ }));
    expect(port.value).toBe('465');
    expect(within(dialog).getByText('Never shown again once saved.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(await screen.findByRole('listitem', { name: 'Backup' })).toBeTruthy();
    expect(bodyOf(mocked.calls, 'POST')).toEqual({
      name: 'Backup',
      host: 'mail.backup.example',
      port: 465,
      secure: true,
      user: '',
      rateMessages: 0,
      rateSeconds: 1,
      enabled: true,
    });
  });

  it('refuses a host that is not one before sending anything', async () => {
    const mocked = server({ relays: [] });
    await renderPage();
    await screen.findByTestId('smtp-relays-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an SMTP server' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Main' } });
    const host = within(dialog).getByRole('textbox', { name: /^Host/ });
    fireEvent.change(host, { target: { value: 'smtp example com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(await within(dialog).findByText('Enter a host name such as smtp.example.com or an IP address.')).toBeTruthy();
    expect(document.activeElement).toBe(host);
    expect(mocked.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
  });

  it('edits a server sending only what changed: the saved password kept unless one is typed, or removed when asked', async () => {
    const state = { relays: [MAIN] };
    const mocked = server(state, { [`PATCH /api/admin/smtp-relays/${ID}`]: () => json({ ok: 1, data: MAIN }) });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Main relay' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit SMTP server' });
    const password = within(dialog).getByLabelText(/^Password/);
    expect((password as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByText('A password is saved. Leave empty to keep the saved one.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Messages/ }), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Only the new rate: no password (the saved one stays), nothing of the connection (no fresh proof asked).
    expect(bodyOf(mocked.calls, 'PATCH')).toEqual({ rateMessages: 200 });

    mocked.calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Edit Main relay' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit SMTP server' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Remove the saved password' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Password/).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(mocked.calls, 'PATCH')).toEqual({ password: '' });

    // Saved unchanged: nothing is sent.
    mocked.calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Edit Main relay' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit SMTP server' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocked.calls.filter((c) => c.init?.method === 'PATCH')).toEqual([]);
  });

  it('turns a server off, and tests one showing its answer', async () => {
    const state = { relays: [MAIN] };
    const mocked = server(state, {
      [`PATCH /api/admin/smtp-relays/${ID}`]: () => {
        state.relays = [{ ...MAIN, enabled: false }];
        return json({ ok: 1, data: state.relays[0] });
      },
      [`POST /api/admin/smtp-relays/${ID}/test`]: () =>
        json({ ok: 1, data: { ok: false, detail: '535 5.7.8 Authentication credentials invalid' } }),
    });
    await renderPage();
    const main = await screen.findByRole('listitem', { name: 'Main relay' });
    fireEvent.click(within(main).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(within(main).getByTestId('smtp-relay-status').textContent).toBe('Disabled'));
    expect(bodyOf(mocked.calls, 'PATCH')).toEqual({ enabled: false });
    expect(screen.getByTestId('smtp-relays-summary').textContent).toContain('No server here is enabled');

    fireEvent.click(within(main).getByRole('button', { name: 'Test Main relay' }));
    const result = await within(main).findByTestId('smtp-relay-test-result');
    expect(result.getAttribute('role')).toBe('alert');
    expect(result.textContent).toBe('The test failed535 5.7.8 Authentication credentials invalid');
  });

  it('deletes a server after asking, saying the settings’ server takes over when it is the last', async () => {
    const state = { relays: [MAIN] };
    const mocked = server(state, {
      [`DELETE /api/admin/smtp-relays/${ID}`]: () => {
        state.relays = [];
        return json({ ok: 1, data: {} });
      },
    });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Main relay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Main relay?' });
    expect(dialog.textContent).toContain('the server in the settings (SMTP_HOST)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete server' }));
    expect(await screen.findByTestId('smtp-relays-empty')).toBeTruthy();
    expect(mocked.calls.some((c) => c.init?.method === 'DELETE')).toBe(true);
  });

  it('asks for a fresh proof when the server wants one, then adds the server', async () => {
    const state = { relays: [] as SmtpRelay[] };
    let proven = false;
    const mocked = server(state, {
      'POST /api/admin/smtp-relays': () => {
        if (!proven) return json({ ok: 0, code: 'auth.reauth_required', message: 'For your security, confirm it is you.' }, 403);
        state.relays = [BACKUP];
        return json({ ok: 1, data: BACKUP }, 201);
      },
      'GET /api/user/reauthenticate': () =>
        json({ ok: 1, data: { password: true, code: false, passkey: false, reauthenticatedUntil: null } }),
      'POST /api/user/reauthenticate': () => {
        proven = true;
        return json({ ok: 1, data: { reauthenticatedUntil: '2031-03-14T12:10:00.000Z' } });
      },
    });
    await render(
      <>
        <SmtpRelaysPage />
        <FreshProofDialog />
      </>,
    );
    await screen.findByTestId('smtp-relays-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an SMTP server' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Backup' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Host/ }), { target: { value: 'mail.backup.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    fireEvent.change(await screen.findByTestId('fresh-proof-password'), { target: { value: 'Admin password' } });
    fireEvent.click(screen.getByTestId('fresh-proof-submit'));
    expect(await screen.findByRole('listitem', { name: 'Backup' })).toBeTruthy();
    expect(mocked.calls.filter((c) => c.init?.method === 'POST' && c.url === '/api/admin/smtp-relays')).toHaveLength(2);
  });

  it.each(['en', 'es', 'jp'] as const)('names every button with the words it shows (%s)', async (locale) => {
    server({ relays: [MAIN, BACKUP] });
    await renderPage(locale);
    await screen.findAllByTestId('smtp-relay');
    fireEvent.click(screen.getAllByTestId('smtp-relay-edit')[0]!);
    await screen.findByRole('dialog');
    const problems = screen
      .getAllByRole('button')
      .map(labelInNameProblem)
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });
});
