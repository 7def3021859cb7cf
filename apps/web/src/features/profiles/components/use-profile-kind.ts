import { useLocation } from 'react-router';
import type { ProfileKind } from '@enlaza/contracts';

/** Cards live under /user/perfiles, tags under /user/tamys: one set of pages serves both. */
export function useProfileKind(): { kind: ProfileKind; base: string } {
  const { pathname } = useLocation();
  return pathname.startsWith('/user/tamys') ? { kind: 'tag', base: '/user/tamys' } : { kind: 'card', base: '/user/perfiles' };
}
