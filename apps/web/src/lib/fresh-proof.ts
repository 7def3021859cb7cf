/**
 * The one place a call answered `auth.reauth_required` (a sensitive change without a fresh proof,
 * docs/security.md) waits for the owner to prove it is them. The http client asks here; the proof
 * dialog (components/fresh-proof-dialog.tsx, mounted once in the signed-in shell) answers: true once
 * the session has a fresh proof (the call is then sent again, once), false when the person closed
 * it. Calls that need it at the same time share one dialog.
 */
type Ask = () => Promise<boolean>;

let ask: Ask | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog; answers the function that unregisters it. */
export function onFreshProofNeeded(handler: Ask): () => void {
  ask = handler;
  return () => {
    if (ask === handler) ask = null;
  };
}

/** Asks the owner for a fresh proof: false at once when no dialog is mounted (the call's error then stands). */
export function askForFreshProof(): Promise<boolean> {
  if (!ask) return Promise.resolve(false);
  pending ??= ask().finally(() => {
    pending = null;
  });
  return pending;
}
