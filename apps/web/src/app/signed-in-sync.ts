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
 * the user call, stored as the current user; on failure the session is cleared and login shown.
 * The subscription call when no subscription data is held. The sending quota once per app load.
 * Answers a redirect to login when the user call failed, otherwise null.
 */
export async function syncSignedInSession(): Promise<Response | null> {
  try {
    setUser(await fetchCurrentUser());
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
