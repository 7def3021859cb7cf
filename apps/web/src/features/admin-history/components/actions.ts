/** Activity `action` values, defined once in the contracts; each has a description in admin-history.json. */
export { ACTIVITY_ACTIONS } from '@enlaza/contracts';
