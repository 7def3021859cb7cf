import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the URL (shareable, back button): `set` writes or removes one
 * parameter (the search box replaces the history entry instead of adding one), `clear` removes all.
 * `pick` reads one parameter, `undefined` when absent or (given `allowed`) not one of those values.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'q' },
    );
  function pick(key: string): string | undefined;
  function pick<T extends string>(key: string, allowed: readonly T[]): T | undefined;
  function pick(key: string, allowed?: readonly string[]): string | undefined {
    const value = params.get(key);
    if (value === null) return undefined;
    return !allowed || allowed.includes(value) ? value : undefined;
  }
  return { params, set, pick, clear: () => setParams(new URLSearchParams()) };
}
