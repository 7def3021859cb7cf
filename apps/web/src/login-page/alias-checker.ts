import type { AliasCheck } from '@enlaza/contracts';
import { call } from './logic';

const ALIAS_CHECK_DELAY_MS = 300;

/**
 * Asks the server whether the alias is free (and for a free suggestion), a moment after the last
 * change; the same alias and name are not asked twice in a row.
 */
export function aliasChecker(options: {
  alias: () => string;
  name: () => string;
  headers: () => Record<string, string>;
  onAnswer: (check: AliasCheck | undefined) => void;
}) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = '';
  return {
    schedule(): void {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const wanted = options.alias();
        const name = options.name();
        if (!wanted || `${wanted}|${name}` === asked) return;
        asked = `${wanted}|${name}`;
        call(`/api/register/alias?${new URLSearchParams({ alias: wanted, name }).toString()}`, {
          method: 'GET',
          headers: options.headers(),
        })
          .then((answer) => options.onAnswer((answer as { data?: AliasCheck }).data))
          .catch(() => {
            asked = ''; // asked again after the next change
          });
      }, ALIAS_CHECK_DELAY_MS);
    },
    /** Forgets the last question, so that the next change asks again. */
    forget(): void {
      asked = '';
    },
  };
}
