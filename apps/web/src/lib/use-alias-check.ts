import { useEffect, useState } from 'react';
import type { AliasCheck } from '@enlaza/contracts';
import { useAliasCheckQuery } from './api/check-alias';
import { aliasFeedback, type AliasFeedback } from './alias-rules';

export const ALIAS_CHECK_DELAY_MS = 300;

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Checks the alias with the server while the visitor types (one call per pause, not per key). */
export function useAliasCheck(
  alias: string,
  name: string,
): { feedback: AliasFeedback; check: AliasCheck | undefined; refetch: () => void } {
  const settledAlias = useDebouncedValue(alias.trim().toLowerCase(), ALIAS_CHECK_DELAY_MS);
  const settledName = useDebouncedValue(name.trim(), ALIAS_CHECK_DELAY_MS);
  const query = useAliasCheckQuery(settledAlias, settledName);
  return {
    feedback: aliasFeedback(alias, query.data),
    check: query.data,
    refetch: () => void query.refetch(),
  };
}
