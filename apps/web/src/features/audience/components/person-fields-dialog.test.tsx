import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContactField } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { PersonFieldsDialog } from './person-fields-dialog';

const CITY = '00000000-0000-4000-8000-00000000f001';
const AGE = '00000000-0000-4000-8000-00000000f002';
const PLAN = '00000000-0000-4000-8000-00000000f004';
const EMAIL = 'marta@example.com';

const field = (over: Partial<ContactField>): ContactField => ({
  id: CITY,
  name: 'City',
  type: 'text',
  choices: [],
  onForm: false,
  filled: 1,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...over,
});

const server = {
  fields: [
    field({}),
    field({ id: AGE, name: 'Age', type: 'number' }),
    field({ id: PLAN, name: 'Plan', type: 'choice', choices: ['Gold', 'Silver'] }),
  ],
  values: { [CITY]: 'Madrid', [AGE]: 34 } as Record<string, string | number>,
  writes: [] as { method: string; path: string; body: unknown }[],
  refusal: null as { status: number; body: unknown } | null,
};

function fakeServer() {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'csrf-test';
  document.head.append(meta);
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (method === 'GET' && pathname === '/api/audience/fields') return json({ ok: 1, data: server.fields });
    if (method === 'GET' && pathname === '/api/audience/fields/values')
      return json({ ok: 1, data: { email: searchParams.get('email'), values: server.values } });
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    server.writes.push({ method, path: pathname, body });
    if (server.refusal) return json(server.refusal.body, server.refusal.status);
    return json({ ok: 1, data: { email: EMAIL, values: server.values } });
  });
}

describe('the contact fields of one address', () => {
  beforeEach(() => {
    server.writes = [];
    server.refusal = null;
    fakeServer();
  });

  it('shows each field with its value and sends only what changed (an emptied one as null)', async () => {
    await render(<PersonFieldsDialog email={EMAIL} onClose={() => {}} />, { path: '/user/campanas/audiencia' });
    const city = await screen.findByLabelText<HTMLInputElement>('City');
    expect(city.value).toBe('Madrid');
    expect(screen.getByLabelText<HTMLInputElement>('Age').value).toBe('34');
    fireEvent.change(city, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '35,5' } });
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'Gold' } });
    fireEvent.click(screen.getByTestId('person-fields-save'));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]).toEqual({
      method: 'PUT',
      path: '/api/audience/fields/values',
      body: { email: EMAIL, values: { [CITY]: null, [AGE]: '35,5', [PLAN]: 'Gold' } },
    });
  });

  it('shows a value the server refuses under its input', async () => {
    server.refusal = {
      status: 422,
      body: {
        ok: 0,
        code: 'validation.failed',
        message: 'Check the fields.',
        errors: { [`values.${AGE}`]: ['This value is not allowed.'] },
      },
    };
    await render(<PersonFieldsDialog email={EMAIL} onClose={() => {}} />, { path: '/user/campanas/audiencia' });
    fireEvent.change(await screen.findByLabelText('Age'), { target: { value: 'many' } });
    fireEvent.click(screen.getByTestId('person-fields-save'));
    expect(await screen.findByText('This value is not allowed.')).toBeTruthy();
    expect(screen.getByLabelText('Age').getAttribute('aria-invalid')).toBe('true');
  });

  it('points to the Fields tab when there is no field yet', async () => {
    server.fields = [];
    await render(<PersonFieldsDialog email={EMAIL} onClose={() => {}} />, { path: '/user/campanas/audiencia' });
    expect((await screen.findByRole('link', { name: 'Add contact fields' })).getAttribute('href')).toBe(
      '/user/campanas/audiencia?tab=campos',
    );
  });
});
