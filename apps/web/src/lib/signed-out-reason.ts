/**
 * Why the app signed the user out, to be said on the sign-in page it sends them to (e.g. the API's
 * translated `auth.suspended` message). Kept for this tab only and read once.
 */
const KEY = 'enlaza.signedOutReason';

export type SignedOutReason = { code: string; message: string };

export function rememberSignedOutReason(reason: SignedOutReason): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(reason));
  } catch {
    // storage unavailable: the sign-in page shows no reason
  }
}

/** The reason kept, if any (read it, then `forgetSignedOutReason` once shown). */
export function peekSignedOutReason(): SignedOutReason | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<SignedOutReason>) : null;
    return parsed && typeof parsed.code === 'string' && typeof parsed.message === 'string'
      ? { code: parsed.code, message: parsed.message }
      : null;
  } catch {
    return null;
  }
}

export function forgetSignedOutReason(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
