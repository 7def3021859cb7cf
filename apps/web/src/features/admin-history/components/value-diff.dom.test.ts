import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { displayValue } from './value-diff';

describe('history values in the reader’s words', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['admin-history']);
  });

  it('shows nothing as a dash, booleans as yes/no, languages by name and time zones readably', () => {
    const t = i18n.getFixedT('en', 'admin-history');
    expect(displayValue(null, t, 'en')).toBe('—');
    expect(displayValue(undefined, t, 'en')).toBe('—');
    expect(displayValue(true, t, 'en')).toBe('Yes');
    expect(displayValue(false, i18n.getFixedT('es', 'admin-history'), 'es')).toBe('No');
    expect(displayValue('jp', t, 'en')).toBe('Japanese');
    expect(displayValue('es', t, 'es')).toBe('español');
    expect(displayValue('America/New_York', t, 'en')).toBe('America/New York');
    expect(displayValue(1234, t, 'en')).toBe('1,234');
  });
});
