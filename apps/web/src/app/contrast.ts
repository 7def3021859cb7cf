/** WCAG 2.x contrast ratio of CSS colours (hex, rgb(), rgba()); the luminance formula is the contracts' one. */
import { channelLuminance } from '@enlaza/contracts';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export function parseColor(color: string): Rgba {
  const value = color.trim().toLowerCase();
  if (value === 'white' || value === '#fff') return { r: 255, g: 255, b: 255, a: 1 };
  if (value === 'black' || value === '#000') return { r: 0, g: 0, b: 0, a: 1 };
  const hex = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(value);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return { r: n >> 16, g: (n >> 8) & 255, b: n & 255, a: hex[2] ? parseInt(hex[2], 16) / 255 : 1 };
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(value);
  if (rgb) return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: rgb[4] === undefined ? 1 : Number(rgb[4]) };
  throw new Error(`unsupported colour ${color}`);
}

const luminance = ({ r, g, b }: Rgba): number => channelLuminance(r, g, b);

/** `fg` over `bg` (a translucent foreground is blended over the background first). */
export function contrastRatio(fg: string, bg: string): number {
  const back = parseColor(bg);
  const front = parseColor(fg);
  const blend = (f: number, b: number) => f * front.a + b * (1 - front.a);
  const mixed = { r: blend(front.r, back.r), g: blend(front.g, back.g), b: blend(front.b, back.b), a: 1 };
  const [hi, lo] = [luminance(mixed), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A translucent `color` as it shows over the opaque `base`, as an rgb() colour (an opaque one is unchanged). */
export function flatten(color: string, base: string): string {
  const front = parseColor(color);
  const back = parseColor(base);
  const blend = (f: number, b: number) => Math.round(f * front.a + b * (1 - front.a));
  return `rgb(${blend(front.r, back.r)}, ${blend(front.g, back.g)}, ${blend(front.b, back.b)})`;
}
