import type { RegistrationRepository } from '../account/index.js';

/**
 * Another owner of public aliases (`/link/{alias}`): teams share the users' namespace, so neither may
 * take an alias the other holds, current or old. The module that owns it plugs it in at start-up.
 */
export interface AliasNamespace {
  /** Whether `alias` is held here (as a current alias or one that still redirects). */
  taken(alias: string): Promise<boolean>;
  /** The aliases held here that start with `prefix` (bounded), for suggestions. */
  startingWith(prefix: string): Promise<Set<string>>;
}

/** Users' aliases (current and old) and every namespace plugged in, answered as one. */
export function createAliasNamespaces(repo: Pick<RegistrationRepository, 'aliasInUse' | 'aliasesStartingWith'>) {
  const others: AliasNamespace[] = [];
  const takenElsewhere = async (alias: string) => (await Promise.all(others.map((ns) => ns.taken(alias)))).some(Boolean);
  return {
    share(namespace: AliasNamespace): void {
      others.push(namespace);
    },
    /** Held by a namespace other than the users' (a team's alias). */
    takenElsewhere,
    async aliasInUse(alias: string): Promise<boolean> {
      return (await repo.aliasInUse(alias)) || takenElsewhere(alias);
    },
    async aliasesStartingWith(prefix: string): Promise<Set<string>> {
      const sets = await Promise.all([repo.aliasesStartingWith(prefix), ...others.map((ns) => ns.startingWith(prefix))]);
      return new Set(sets.flatMap((set) => [...set]));
    },
  };
}
