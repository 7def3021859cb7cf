import { describe, expect, it } from 'vitest';
import { bcp47, detectLanguage, localeFromTag, signUpLanguage } from './language';

describe('language detection (PRODUCT.md §3)', () => {
  it('prefers the stored choice over the browser', () => {
    expect(detectLanguage('es', ['en-US', 'ja'])).toBe('es');
    expect(detectLanguage('en', ['ja-JP'])).toBe('en');
  });

  it('ignores a stored value that is not one of ours', () => {
    expect(detectLanguage('fr', ['es-MX'])).toBe('es');
    expect(detectLanguage('', ['en-GB'])).toBe('en');
  });

  it('takes the first supported browser language, mapping ja to jp', () => {
    expect(detectLanguage(null, ['fr-FR', 'ja-JP', 'en'])).toBe('jp');
    expect(detectLanguage(null, ['de', 'es-419'])).toBe('es');
  });

  it('falls back to jp', () => {
    expect(detectLanguage(null, ['fr', 'de-DE'])).toBe('jp');
    expect(detectLanguage(null, [])).toBe('jp');
  });

  it('maps tags and back', () => {
    expect(localeFromTag('JA')).toBe('jp');
    expect(localeFromTag('pt-BR')).toBeNull();
    expect(bcp47('jp')).toBe('ja');
    expect(bcp47('es')).toBe('es');
  });

  it('gives a new account the chosen or the browser’s language, and none rather than the app’s jp default', () => {
    expect(signUpLanguage('es', ['en-US'])).toBe('es');
    expect(signUpLanguage(null, ['fr-FR', 'ja-JP'])).toBe('jp');
    expect(signUpLanguage(null, ['fr-FR', 'de'])).toBeUndefined();
    expect(detectLanguage(null, ['fr-FR', 'de'])).toBe('jp');
  });
});
