/**
 * Answers a provider's stand-in holds back (the provider acted, its answer never reached us), for the
 * kill tests: `hold()` starts holding and answers `arrived` (resolves when the first answer is held)
 * and `release` (sends every held answer, and stops holding). The stand-in asks `holding` and gives
 * each answer it holds to `keep`.
 */
export function heldAnswers() {
  let holding = false;
  const held: (() => void)[] = [];
  const arrivals: (() => void)[] = [];
  return {
    get holding() {
      return holding;
    },
    /** Keeps `send` until release, and tells whoever waits that an answer is held. */
    keep(send: () => void) {
      held.push(send);
      for (const arrived of arrivals.splice(0)) arrived();
    },
    hold() {
      holding = true;
      return {
        arrived: new Promise<void>((resolve) => arrivals.push(resolve)),
        release() {
          holding = false;
          for (const send of held.splice(0)) send();
        },
      };
    },
  };
}
