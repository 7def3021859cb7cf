import { LineIcon } from '@/components/line-icon';

/** Small stroke icons (the app has no icon library); always decorative, the button carries the label. */
const PATHS = {
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  remove: 'M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12',
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16v4z',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  link: 'M10 14a4 4 0 006 0l3-3a4 4 0 00-6-6l-1 1M14 10a4 4 0 00-6 0l-3 3a4 4 0 006 6l1-1',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  dots: 'M5 12h.01M12 12h.01M19 12h.01',
  wallet: 'M3 6h18v14H3zM3 10h18M16 15h2M6 6l9-3 1 3',
  copy: 'M8 8h12v12H8zM16 8V4H4v12h4',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <LineIcon size={size}>
      <path d={PATHS[name]} />
    </LineIcon>
  );
}
