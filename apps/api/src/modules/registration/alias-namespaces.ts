import type { RegistrationRepository } from '../account/index.js';

/**
 * The other owner of public aliases (`/link/{alias}`): teams share the users' namespace, so neither may
 * take an alias the other holds, current or old. The teams module answers it (the `teamAliases` hook).
 */
export interface AliasNamespace {
  /** Whether `alias` is held here (as a current alias or one that still redirects). */
  taken(alias: string): Promise<boolean>;
  /** The aliases held here that start with `prefix` (bounded), for suggestions. */
  startingWith(prefix: string): Promise<Set<string>>;
}

/** Users' aliases (current and old) and the teams' (read through `teams` when asked), answered as one. */
export function createAliasNamespaces(
  repo: Pick<RegistrationRepository, 'aliasInUse' | 'aliasesStartingWith'>,
  teams: () => AliasNamespace,
) {
  /** Held by a team (current or old). */
  const takenElsewhere = (alias: string) => teams().taken(alias);
  return {
    takenElsewhere,
    async aliasInUse(alias: string): Promise<boolean> {
      return (await repo.aliasInUse(alias)) || takenElsewhere(alias);
    },
    async aliasesStartingWith(prefix: string): Promise<Set<string>> {
      const sets = await Promise.all([repo.aliasesStartingWith(prefix), teams().startingWith(prefix)]);
      return new Set(sets.flatMap((set) => [...set]));
    },
  };
}
