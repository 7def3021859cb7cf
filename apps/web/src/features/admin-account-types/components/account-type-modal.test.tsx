import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountTypeAdmin } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { AccountTypeModal } from './account-type-modal';

const business: AccountTypeAdmin = {
  id: '6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e11',
  code: 'business',
  name: 'Business',
  names: { en: 'Business', es: 'Empresa', jp: '法人' },
  requiresTaxId: true,
  active: true,
  users: 3,
};

type Sent = { method: string; url: string; body: Record<string, unknown> };

async function setup(
  editing: AccountTypeAdmin | 'new',
  answer: (body: Record<string, unknown>) => Response = (body) =>
    json({
      ok: 1,
      // As the API answers: '' for a language without its own name.
      data: { ...business, ...body, names: { es: '', jp: '', ...(body.names as object) }, name: (body.names as { en: string }).en },
    }),
) {
  const sent: Sent[] = [];
  mockApi((url, init) => {
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    sent.push({ method: init?.method ?? 'GET', url, body });
    return answer(body);
  });
  const onClose = vi.fn();
  await render(<AccountTypeModal editing={editing} onClose={onClose} />);
  return { sent, onClose };
}

const field = (language: 'en' | 'es' | 'jp') => screen.getByTestId<HTMLInputElement>(`account-type-name-${language}`);
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the Tipo-cuenta form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the name in English, Spanish and Japanese, and saves all three', async () => {
    const { sent, onClose } = await setup(business);
    expect([field('en').value, field('es').value, field('jp').value]).toEqual(['Business', 'Empresa', '法人']);
    type(field('es'), 'Empresa o autónomo');
    fireEvent.click(screen.getByTestId('account-type-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: `/api/admin/account-types/${business.id}`,
        body: { code: 'business', names: { en: 'Business', es: 'Empresa o autónomo', jp: '法人' }, requiresTaxId: true },
      },
    ]);
  });

  it('requires only the English name, with the error next to it, and keeps what was typed', async () => {
    const { sent } = await setup('new');
    expect([field('en').required, field('es').required, field('jp').required]).toEqual([true, false, false]);
    expect(screen.getAllByText('Optional: left empty, the English name is shown instead.')).toHaveLength(2);
    type(screen.getByTestId<HTMLInputElement>('account-type-code'), 'ngo');
    type(field('es'), 'Sin ánimo de lucro');
    fireEvent.click(screen.getByTestId('account-type-submit'));
    await screen.findByText(/Enter the English name/);
    expect(screen.queryByText(/Enter the Japanese name/)).toBeNull();
    expect(field('en').getAttribute('aria-invalid')).toBe('true');
    expect(field('jp').getAttribute('aria-invalid')).not.toBe('true');
    expect(field('es').value).toBe('Sin ánimo de lucro');
    expect(sent).toEqual([]);
  });

  it('saves an account type with only its English name (empty Spanish and Japanese are left out)', async () => {
    const { sent, onClose } = await setup('new');
    type(screen.getByTestId<HTMLInputElement>('account-type-code'), 'ngo');
    type(field('en'), 'Non-profit');
    type(field('jp'), '   ');
    fireEvent.click(screen.getByTestId('account-type-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      { method: 'POST', url: '/api/admin/account-types', body: { code: 'ngo', names: { en: 'Non-profit' }, requiresTaxId: false } },
    ]);
  });

  it('takes the names’ limit from the contract and focuses the first field in error', async () => {
    const { sent } = await setup('new');
    expect([field('en').maxLength, field('es').maxLength, field('jp').maxLength]).toEqual([80, 80, 80]);
    type(screen.getByTestId<HTMLInputElement>('account-type-code'), 'not a code!');
    fireEvent.click(screen.getByTestId('account-type-submit'));
    await screen.findByText(/Enter the English name/);
    expect(document.activeElement).toBe(screen.getByTestId('account-type-code'));
    expect(sent).toEqual([]);
  });

  it('shows a code another account type has on the code field', async () => {
    await setup(business, () => json({ ok: 0, code: 'catalogue.code_taken', message: 'This code is already used by another item.' }, 409));
    fireEvent.click(screen.getByTestId('account-type-submit'));
    await screen.findByText('This code is already used by another item.');
    expect(screen.getByTestId('account-type-code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the server’s per-language error under that language', async () => {
    await setup(business, () =>
      json({ ok: 0, code: 'validation.failed', message: 'Check the fields', errors: { 'names.jp': ['Too long'] } }, 422),
    );
    fireEvent.click(screen.getByTestId('account-type-submit'));
    await screen.findByText('Too long');
    expect(field('jp').getAttribute('aria-invalid')).toBe('true');
  });
});
