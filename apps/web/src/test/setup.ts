import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { dismissAllNotifications } from '@/components/notifications';
import { changeLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { resetCountryDetection } from '@/lib/phone-input/country-lookup';

/*
 * Runs before every DOM test file. The files of the `dom` project share one worker's page and
 * modules (vitest.config.ts: `isolate: false`), so everything a test may leave behind is put back
 * here after each test, for the next test and the next file alike.
 */

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
