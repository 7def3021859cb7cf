import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { labelInNameProblem } from '@/test/label-in-name';
import { render } from '@/test/render';
import { PhoneInput, type PhoneInputProps } from './phone-input';
import { resetCountryDetection } from './country-lookup';
import * as countries from './countries';

async function setup(props: Partial<PhoneInputProps> = {}) {
  const onChange = vi.fn<PhoneInputProps['onChange']>();
  await render(<PhoneInput value={null} onChange={onChange} label="Phone" {...props} />);
  return { onChange, input: screen.getByTestId<HTMLInputElement>('phone-input') };
}

describe('PhoneInput', () => {
  beforeEach(() => {
    resetCountryDetection();
    // Mantine reads the colour scheme preference; jsdom has no matchMedia.
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the inherited attributes and reports E.164 while formatting the national number', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { onChange, input } = await setup({ country: 'ES' });
    expect(input).toHaveProperty('type', 'tel');
    expect(input.getAttribute('placeholder')).toBe('Telefono');
    expect(input.maxLength).toBe(25);

    fireEvent.change(input, { target: { value: '612345678' } });
    expect(input.value).toBe('612 34 56 78');
    expect(onChange).toHaveBeenLastCalledWith('+34612345678', 'ES', { text: '612 34 56 78', valid: true });

    fireEvent.change(input, { target: { value: '6123' } });
    expect(onChange).toHaveBeenLastCalledWith(null, 'ES', { text: '612 3', valid: false });
    // A country was given: no lookup.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a stored number in its country and national form', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { input } = await setup({ value: '+351912345678' });
    expect(input.value).toBe('912 345 678');
    expect(input.dataset.country).toBe('PT');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to the given country when the lookup fails, and logs the error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('0'))),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { input } = await setup({ fallbackCountry: 'FR' });
    await act(async () => {
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('unable to fetch the country');
    expect(input.dataset.country).toBe('FR');
  });

  it('builds the list of countries only while it is open, not at each key typed in the field', async () => {
    const listed = vi.spyOn(countries, 'listCountries');
    const { input, onChange } = await setup({ country: 'ES' });
    fireEvent.change(input, { target: { value: '6123' } });
    fireEvent.change(input, { target: { value: '612345678' } });
    expect(screen.getByTestId('phone-country-button').getAttribute('aria-label')).toContain('+34');
    expect(listed).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('phone-country-button'));
    expect(await screen.findByRole('option', { name: 'Spain +34' })).toBeTruthy();
    // Searching filters the list built once; picking closes it.
    fireEvent.change(screen.getByTestId('phone-country-search'), { target: { value: 'port' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Portugal +351' }));
    expect(listed).toHaveBeenCalledTimes(1);
    expect(onChange.mock.lastCall?.[1]).toBe('PT');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('selects the country the lookup answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('1;PT;PRT;Portugal'))),
    );
    const { input } = await setup();
    await vi.waitFor(() => expect(input.dataset.country).toBe('PT'));
    expect(screen.getByTestId('phone-country-button').textContent).toContain('+351');
  });

  it('names the country button starting with what it shows, the flag and the dialling code (WCAG 2.5.3)', async () => {
    await setup({ country: 'ES' });
    const button = screen.getByTestId('phone-country-button');
    expect(labelInNameProblem(button)).toBeNull();
    expect(button.getAttribute('aria-label')).toBe('🇪🇸+34 Spain: change the country');
  });
});
