import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { byId } from './chrome';
import { call, readLoginAnswer, requestHeaders, type LoginUser } from './logic';

/*
 * "Sign in with a passkey" on the server-rendered sign-in page: the server's options, the browser's
 * `get()` (the device offers this site's passkeys and asks for its PIN, fingerprint or face), then
 * the answer, which signs in like the password (POST /api/passkeys/sign-in answers as /api/login).
 */

type Hooks = {
  language: () => string;
  csrf: () => string | null;
  /** Before the call: the page clears its message and marks itself busy. */
  onStart: () => void;
  onSignedIn: (token: string, user: LoginUser) => Promise<void>;
  /** A refusal to show; null when the person cancelled the device's prompt (nothing to say). */
  onFailure: (error: Error | null) => void;
};

export function startPasskeySignIn(hooks: Hooks): void {
  const block = byId<HTMLDivElement>('lp-passkey-block');
  const button = byId<HTMLButtonElement>('lp-passkey');
  if (!block || !button) return;
  // Shown by the server, so that nothing moves when this script arrives (every current browser has
  // passkeys); hidden here only in a browser without them (the library's own check, without loading it).
  if (typeof window.PublicKeyCredential !== 'function') {
    block.hidden = true;
    return;
  }

  button.addEventListener('click', () => {
    if (button.disabled) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    hooks.onStart();
    const headers = (hasBody: boolean) => requestHeaders(hooks.language(), hooks.csrf(), null, hasBody);
    const done = () => {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    };
    void (async () => {
      const started = (await call('/api/passkeys/sign-in/options', { method: 'POST', headers: headers(false) })) as {
        data: { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON };
      };
      // Loaded on the click: the page's first load stays small.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const credential = await startAuthentication({ optionsJSON: started.data.options });
      const answer = readLoginAnswer(
        await call('/api/passkeys/sign-in', {
          method: 'POST',
          headers: headers(true),
          body: { challengeId: started.data.challengeId, credential },
        }),
      );
      await hooks.onSignedIn(answer.token, answer.user);
    })().catch((error: unknown) => {
      done();
      const failure = error instanceof Error ? error : new Error(String(error));
      hooks.onFailure(failure.name === 'NotAllowedError' || failure.name === 'AbortError' ? null : failure);
    });
  });
}
