import type { ReactNode } from 'react';

/**
 * A decorative line icon on a 24-unit grid, drawn in the text's colour: the one frame every small
 * icon of the app shares (their shapes are the children). Hidden from assistive technology: the
 * control that holds it carries the name.
 */
export function LineIcon({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
