import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

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
