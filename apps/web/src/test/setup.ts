import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { dismissAllNotifications } from '@/components/notifications';
import { changeLanguage, initI18n, loadNamespaces, NAMESPACES } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { resetCountryDetection } from '@/lib/phone-input/country-lookup';

/*
 * Runs before every DOM test file. The files of the `dom` project share one worker's page and
 * modules (vitest.config.ts: `isolate: false`), so everything a test may leave behind is put back
 * here after each test, for the next test and the next file alike.
 */

// findBy*/waitFor give up after 10 s (1 s by default): a limit for a screen that never comes, not a
// speed check (a correct screen ends the wait at once). Measured over the whole suite, the longest wait
// for a correct screen was 0.5 s alone and 1.2 s with lint and the type check running beside it, as
// npm test runs them; but CI's run of the profile list (20 tiles, a file's first render) passed 3 s
// with four processes on its two cores.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Autosizing textareas listen to font loading; a combobox scrolls its active option into view.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });
}
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, configurable: true });
}

// The app's translations, every namespace in English, before any test code runs: a test may build
// labels before it renders, and what an earlier file of the worker happened to load must not matter.
beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(NAMESPACES);
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Every test starts in English, whatever the last one switched to (the switch is stored: cleared below).
  if (i18next.isInitialized && i18next.language !== 'en') await changeLanguage('en');
  window.localStorage.clear();
  queryClient.clear();
  resetCountryDetection();
  dismissAllNotifications();
  // What a test or a screen put in the page: tags in <head> (the CSRF meta), the title, the root's attributes.
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  for (const { name } of [...document.documentElement.attributes]) if (name !== 'lang') document.documentElement.removeAttribute(name);
});
