import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContactField } from '@enlaza/contracts';
import { labelInNameProblem } from '@/test/label-in-name';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { FieldsTab } from './fields-tab';

const CITY = '00000000-0000-4000-8000-00000000f001';
const PLAN = '00000000-0000-4000-8000-00000000f004';

const field = (over: Partial<ContactField>): ContactField => ({
  id: CITY,
  name: 'City',
  type: 'text',
  choices: [],
  onForm: true,
  filled: 1,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...over,
});
const FIELDS = [field({}), field({ id: PLAN, name: 'Plan', type: 'choice', choices: ['Gold', 'Silver'], onForm: false, filled: 1200 })];

type Refusal = { status: number; body: unknown };
const server = {
  fields: FIELDS,
  writes: [] as { method: string; path: string; body: unknown }[],
  refusal: null as Refusal | null,
};

// The owner's fields, and the writes (recorded; refused when told to).
function fakeServer() {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'csrf-test';
  document.head.append(meta);
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const { pathname } = new URL(url, 'http://localhost');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (method === 'GET' && pathname === '/api/audience/fields') return json({ ok: 1, data: server.fields });
    server.writes.push({ method, path: pathname, body });
    if (server.refusal) return json(server.refusal.body, server.refusal.status);
    if (method === 'POST')
      return json({ ok: 1, data: field({ id: 'a0000000-0000-4000-8000-000000000001', ...(body as object), filled: 0 }) }, 201);
    if (method === 'PATCH') return json({ ok: 1, data: { ...FIELDS[1]!, ...(body as object) } });
    return json({ ok: 1, data: { deleted: true } });
  });
}

describe('the contact fields tab', () => {
  beforeEach(() => {
    server.fields = FIELDS;
    server.writes = [];
    server.refusal = null;
    fakeServer();
  });

  it('says what fields are for when there is none', async () => {
    server.fields = [];
    await render(<FieldsTab />);
    expect((await screen.findByTestId('fields-table-empty')).textContent).toContain('No fields yet.');
    expect(screen.getByText(/Contact fields hold what you know about each person/)).toBeTruthy();
  });

  it('lists each field: its type in words, its choices, whether the form asks it, and how many addresses have a value', async () => {
    await render(<FieldsTab />);
    const table = (await screen.findByTestId('fields-table')).querySelector('table')!;
    const rows = within(table).getAllByTestId('data-row');
    expect([...rows[0]!.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual(['City', 'Text', '—', 'Yes', '1 address']);
    expect([...rows[1]!.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual([
      'Plan',
      'Choice from a list',
      'Gold, Silver',
      'No',
      '1,200 addresses',
    ]);
    expect(screen.getAllByRole('button').map(labelInNameProblem).filter(Boolean)).toEqual([]);
  });

  it('adds a choice field with its choices as tags, asked on the contact forms', async () => {
    await render(<FieldsTab />);
    await screen.findByTestId('fields-table');
    fireEvent.click(screen.getByTestId('field-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a contact field' });
    fireEvent.change(within(dialog).getByTestId('field-name'), { target: { value: ' Size ' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Type/ }), { target: { value: 'choice' } });
    // A choice field needs a choice.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Add at least one choice.')).toBeTruthy();
    expect(server.writes).toEqual([]);

    const choices = within(dialog).getByTestId('field-choices');
    for (const choice of ['S', 'M']) {
      fireEvent.change(choices, { target: { value: choice } });
      fireEvent.keyDown(choices, { key: 'Enter' });
    }
    fireEvent.click(within(dialog).getByRole('switch', { name: /Ask on my contact forms/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]).toEqual({
      method: 'POST',
      path: '/api/audience/fields',
      body: { name: 'Size', type: 'choice', choices: ['S', 'M'], onForm: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a field without its type, and shows the server’s refusal of the name on the name', async () => {
    server.refusal = {
      status: 422,
      body: { ok: 0, code: 'validation.failed', message: 'Check the fields.', errors: { name: ['You already have one with this name.'] } },
    };
    await render(<FieldsTab />);
    // The table and its phone cards both hold the buttons: the table's come first.
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit the field Plan' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Plan”' });
    expect(within(dialog).queryByRole('combobox', { name: /Type/ })).toBeNull();
    fireEvent.change(within(dialog).getByTestId('field-name'), { target: { value: 'City' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have one with this name.')).toBeTruthy();
    expect(server.writes[0]).toEqual({
      method: 'PATCH',
      path: `/api/audience/fields/${PLAN}`,
      body: { name: 'City', onForm: false, choices: ['Gold', 'Silver'] },
    });
  });

  it('deletes a field once confirmed, and says why when a segment uses it', async () => {
    server.refusal = {
      status: 409,
      body: { ok: 0, code: 'audience.field_in_use', message: 'The segment “Madrid” uses this field.' },
    };
    await render(<FieldsTab />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete the field City' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this field?' });
    expect(dialog.textContent).toContain('“City” and the value of 1 address will be deleted for good.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toBe('The segment “Madrid” uses this field.');
    expect(server.writes).toEqual([{ method: 'DELETE', path: `/api/audience/fields/${CITY}`, body: undefined }]);
  });
});
