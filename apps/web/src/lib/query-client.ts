import i18next from 'i18next';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { fetchAndStoreSubscription } from './api/subscription-data';
import { getSession } from './session';

/**
 * The one query cache of the app. It is provided by the signed-in shells (and imported by the
 * guard's signed-in calls), not at the root, so that the login page does not load it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; network hiccups might.
      retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Catalogue names (plans, account types, add-ons…) come in the viewer's language (Accept-Language),
 * so a change of language fetches again what is shown, and the stored subscription data with it.
 */
let shownLanguage: string | undefined = i18next.isInitialized ? i18next.language : undefined;
i18next.on('languageChanged', (language) => {
  const previous = shownLanguage;
  shownLanguage = language;
  if (previous === undefined || previous === language) return;
  const refreshed = getSession().subscription ? fetchAndStoreSubscription().catch(() => undefined) : Promise.resolve();
  void refreshed.then(() => queryClient.invalidateQueries());
});
