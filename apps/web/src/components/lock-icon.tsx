import { LineIcon } from './line-icon';

/** A padlock: a field the team locks (its template editor, the card editor). Decorative; the text beside it says why. */
export function LockIcon({ size = 16 }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 018 0v4" />
    </LineIcon>
  );
}
