import { beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { PAGE_STRINGS } from '@enlaza/contracts/page-strings';
import jpRegister from '@/locales/jp/register.json';
import { changeLanguage, initI18n, loadNamespaces, NAMESPACES, resetI18n } from './i18n';

describe('i18n', () => {
  // Each test starts as a page load does, with nothing loaded (earlier tests in this worker started the app's i18n).
  beforeEach(() => resetI18n());

  it('finds the namespaces on disk, starts in the given language and sets <html lang>', async () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['auth', 'common', 'dashboard', 'errors', 'pages']));
    await initI18n('jp');
    expect(i18next.language).toBe('jp');
    expect(document.documentElement.lang).toBe('ja');
    expect(i18next.t('common:logout')).toBe('ログアウト');
    expect(i18next.hasResourceBundle('en', 'common')).toBe(false); // the fallback is not fetched up front
  });

  it('loads route namespaces, and loads them in the new language before switching', async () => {
    await initI18n('jp');
    await loadNamespaces(['auth']);
    expect(i18next.t('auth:login.submit')).toBe('ログイン');
    await changeLanguage('es');
    expect(window.localStorage.getItem('lang')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18next.t('auth:login.submit')).toBe('Entrar');
    expect(i18next.t('common:logout')).toBe('Cerrar sesión');
  });

  it('merges into a namespace the texts it shares with the server-rendered pages', async () => {
    await initI18n('jp');
    await changeLanguage('jp');
    await loadNamespaces(['register']);
    // From packages/contracts/src/locales and from the SPA's own file of the same namespace.
    expect(i18next.t('common:skipToContent')).toBe(PAGE_STRINGS.jp.common.skipToContent);
    expect(i18next.t('common:logout')).toBe('ログアウト');
    expect(i18next.t('register:title')).toBe(PAGE_STRINGS.jp.register.title);
    expect(i18next.t('register:verify.title')).toBe(jpRegister.verify.title);
  });
});
