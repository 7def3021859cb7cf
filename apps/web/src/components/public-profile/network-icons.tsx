import type { ReactNode } from 'react';
import type { SOCIAL_NETWORKS } from '@enlaza/contracts';

type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Simplified outline marks of the social networks (24 × 24, stroke = current colour); decorative. */
const MARKS: Record<Exclude<SocialNetwork, 'other'>, ReactNode> = {
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4" />
    </>
  ),
  facebook: <path d="M15 3h-2a4 4 0 0 0-4 4v3H7v4h2v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z" />,
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5v.01" />
    </>
  ),
  x: <path d="M4 4l16 16M20 4 4 20" />,
  tiktok: <path d="M14 3v12a4 4 0 1 1-4-4M14 3c0 3 2 5 5 5" />,
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  github: <path d="M9 19c-4 1.5-4-2-6-2.5M15 21v-3.5a3 3 0 0 0-1-2.5c3 0 6-2 6-5.5a4.5 4.5 0 0 0-1-3 4 4 0 0 0 0-3s-1 0-3 1.5a10 10 0 0 0-6 0C7 3.5 6 3.5 6 3.5a4 4 0 0 0 0 3 4.5 4.5 0 0 0-1 3C5 13 8 15 11 15a3 3 0 0 0-1 2.5V21" />,
  whatsapp: (
    <>
      <path d="M3 21l1.6-4.6A9 9 0 1 1 8 19.6z" />
      <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 1a4 4 0 0 1-2-2l1-1-1-2z" />
    </>
  ),
  telegram: <path d="M21 4 3 11l6 2 2 6 3-4 5 4zM9 13l8-6" />,
};

/** The network's own mark; a plain link for "other". */
export function NetworkIcon({ network, size = 16 }: { network: SocialNetwork; size?: number }) {
  const mark = network === 'other' ? <path d="M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1" /> : MARKS[network];
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" data-network={network}>
      {mark}
    </svg>
  );
}
