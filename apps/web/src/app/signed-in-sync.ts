import { redirect } from 'react-router';
import { fetchCurrentUser } from '@/lib/api/current-user';
import { preferencesQueryOptions } from '@/lib/api/preferences';
import { sendQuotaQueryOptions } from '@/lib/api/send-quota';
import { applyPreferences } from '@/lib/apply-preferences';
import { fetchAndStoreSubscription } from '@/lib/api/subscription-data';
import { queryClient } from '@/lib/query-client';
import { ApiError } from '@/lib/api-error';
import { clearSession, getSession, setUser } from '@/lib/session';
import { rememberSignedOutReason } from '@/lib/signed-out-reason';
import { LOGIN_PATH } from './route-handle';

/**
 * The calls made on a route change while a token is held (loaded only then, so visitors on the
 * login page never download the API client and its schemas):
 * the user call, stored as the current user; on failure the session is cleared and login shown (a
 * call that got no answer at all is first made once more, see currentUserAfterOneRetry).
 * The subscription call when no subscription data is held. The sending quota once per app load.
 * Answers a redirect to login when the user call failed, otherwise null.
 */
export async function syncSignedInSession(): Promise<Response | null> {
  try {
    setUser(await currentUserAfterOneRetry());
  } catch (error) {
    console.error('GET /api/user failed; signing out', error);
    // A suspended account is told so on the sign-in page, in the API's words.
    if (error instanceof ApiError && error.code === 'auth.suspended') rememberSignedOutReason({ code: error.code, message: error.message });
    clearSession();
    queryClient.clear();
    return redirect(LOGIN_PATH);
  }

  if (!getSession().subscription) {
    try {
      await fetchAndStoreSubscription();
    } catch (error) {
      console.error('GET /api/datasuscription failed', error);
    }
  }
  await applySavedPreferences();
  // Logged to the console (spec §7) and reused by the dashboards; staleTime Infinity = once.
  void queryClient.prefetchQuery(sendQuotaQueryOptions());
  return null;
}

/** How long a user call that got no answer at all waits before it is made once more. */
export const NO_ANSWER_RETRY_MS = 1000;

/**
 * The user call, made once more after a pause when it got no answer at all (status 0: the network,
 * or the browser cutting the page's calls because the visitor is already leaving for another page).
 * Without it, leaving a page while its user call was in flight signed the visitor out: the cut call
 * cleared the session just before the next page loaded. A leaving page never runs the second call
 * (its timers die with it); a real outage fails it too, and the visitor goes to login as before.
 */
async function currentUserAfterOneRetry() {
  try {
    return await fetchCurrentUser();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    console.error('GET /api/user got no answer; trying once more', error);
    await new Promise((resolve) => setTimeout(resolve, NO_ANSWER_RETRY_MS));
    return fetchCurrentUser();
  }
}

/** The token whose preferences were applied: once per sign-in and per app load. */
let preferencesAppliedFor: string | null = null;

/** The user's saved language and theme follow them to this browser (PRODUCT.md §6). */
async function applySavedPreferences(): Promise<void> {
  const token = getSession().token;
  if (!token || preferencesAppliedFor === token) return;
  preferencesAppliedFor = token;
  try {
    await applyPreferences(await queryClient.fetchQuery(preferencesQueryOptions()));
  } catch (error) {
    console.error('GET /api/account/preferences failed', error);
  }
}
