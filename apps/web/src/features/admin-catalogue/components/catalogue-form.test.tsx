import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { PlanAdmin } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { plansScreen } from '../pages/screens';
import { CatalogueForm } from './catalogue-form';
import { textValues } from './catalogue-page';

const starter: PlanAdmin = {
  id: '3b7f0c3e-8a51-4f0e-9d6b-1c2a3e4f5a6b',
  name: 'Starter',
  names: { en: 'Starter', es: '', jp: '' },
  descriptions: { en: '', es: '', jp: '' },
  active: true,
  uses: 0,
  running: 0,
  code: 'starter',
  maxProfiles: 3,
  maxTags: 3,
  storageBytes: 100 * 1024 * 1024,
  sendsPerMonth: 500,
  customDomains: 0,
  sortOrder: 5,
  isFree: false,
};

async function setup() {
  const sent: { method: string; url: string; body: Record<string, unknown> }[] = [];
  mockApi((url, init) => {
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    sent.push({ method: init?.method ?? 'GET', url, body });
    return json({ ok: 1, data: starter });
  });
  const onClose = vi.fn();
  const screenSpec = plansScreen({ t: i18next.getFixedT('en', 'admin-catalogue'), locale: 'en' });
  await render(
    <CatalogueForm
      kind="plans"
      editing="new"
      initial={{ ...textValues(null), ...screenSpec.initial(null) }}
      fields={screenSpec.fields}
      hasTexts
      onClose={onClose}
    />,
    {},
  );
  return { sent, onClose };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const nameField = (language: 'en' | 'es' | 'jp') => screen.getByTestId<HTMLInputElement>(`catalogue-name-${language}`);

function fillPlan() {
  type('catalogue-field-code', 'starter');
  type('catalogue-field-maxProfiles', '3');
  type('catalogue-field-maxTags', '3');
  type('catalogue-field-storageBytes', '100');
  type('catalogue-field-sendsPerMonth', '500');
  type('catalogue-field-sortOrder', '5');
}

describe('a catalogue form’s names', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires only the English name: Spanish and Japanese are optional, with a hint that English shows instead', async () => {
    const { sent, onClose } = await setup();
    expect(nameField('en').required).toBe(true);
    expect(nameField('es').required).toBe(false);
    expect(nameField('jp').required).toBe(false);
    expect(screen.getAllByText('Optional: left empty, the English name is shown instead.')).toHaveLength(2);

    fillPlan();
    type('catalogue-name-en', 'Starter');
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/admin/plans' });
    // Empty languages are left out: the server stores none, and their viewers see the English name.
    expect(sent[0]!.body.names).toEqual({ en: 'Starter' });
  });

  it('asks for the English name, and says a too-long optional one is too long, keeping what was typed', async () => {
    const { sent } = await setup();
    fillPlan();
    type('catalogue-name-es', 'x'.repeat(81));
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    await screen.findByText('Enter the English name (1 to 80 characters).');
    expect(screen.getByText('Keep the Spanish name to 80 characters or fewer.')).toBeTruthy();
    expect(nameField('en').getAttribute('aria-invalid')).toBe('true');
    expect(nameField('jp').getAttribute('aria-invalid')).not.toBe('true');
    expect(nameField('es').value).toHaveLength(81);
    expect(sent).toEqual([]);
  });
});

describe('a catalogue form’s fields, from the contract', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the names’ and descriptions’ limits from the contract', async () => {
    await setup();
    expect(nameField('en').maxLength).toBe(80);
    expect(
      screen
        .getAllByRole('textbox')
        .filter((box) => box.tagName === 'TEXTAREA')
        .map((box) => box.getAttribute('maxlength')),
    ).toEqual(['500', '500', '500']);
  });

  it('says which number cannot be read, focusing the first field in error, and sends nothing', async () => {
    const { sent } = await setup();
    // The dialog focuses its first field once open; what follows is typed after that.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('catalogue-field-code')));
    fillPlan();
    type('catalogue-name-en', 'Starter');
    type('catalogue-field-maxTags', 'many');
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    expect(await screen.findByText('Enter a whole number in the allowed range.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('catalogue-field-maxTags'));
    expect(sent).toEqual([]);
  });

  it('sends the plan’s custom domains: 0 unless typed, a whole number from 0 to 100', async () => {
    const { sent, onClose } = await setup();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('catalogue-field-code')));
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: /^Custom domains/ });
    expect(field.value).toBe('0');
    fillPlan();
    type('catalogue-name-en', 'Starter');
    type('catalogue-field-customDomains', '101');
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    expect(await screen.findByText('Enter a whole number in the allowed range.')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(sent).toEqual([]);
    type('catalogue-field-customDomains', '3');
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]!.body).toMatchObject({ customDomains: 3, sendsPerMonth: 500 });
  });

  it('puts the server’s refusal of the code on the code field', async () => {
    mockApi(() =>
      json(
        { ok: 0, code: 'catalogue.code_taken', message: 'Taken.', errors: { code: ['This code is already used by another item.'] } },
        409,
      ),
    );
    const screenSpec = plansScreen({ t: i18next.getFixedT('en', 'admin-catalogue'), locale: 'en' });
    await render(
      <CatalogueForm
        kind="plans"
        editing="new"
        initial={{ ...textValues(null), ...screenSpec.initial(null) }}
        fields={screenSpec.fields}
        hasTexts
        onClose={() => undefined}
      />,
      {},
    );
    fillPlan();
    type('catalogue-name-en', 'Starter');
    fireEvent.click(screen.getByTestId('catalogue-submit'));
    expect(await screen.findByText('This code is already used by another item.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('catalogue-field-code'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
