import { DEFAULT_THEME, defaultCssVariablesResolver, getContrastColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, flatten, parseColor } from './contrast';
import { cssVariablesResolver, theme } from './theme';

type Scheme = 'light' | 'dark';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
/** The palette colours the screens use (color= and c= props, badges, alerts, avatars). */
const APP_COLORS = ['teal', 'red', 'green', 'orange', 'yellow', 'blue', 'gray'] as const;

/** The CSS variables of a scheme as MantineProvider writes them, with `var()` references resolved. */
function schemeVariables(scheme: Scheme): (value: string) => string {
  const base = defaultCssVariablesResolver(full);
  const ours = cssVariablesResolver(full);
  const vars: Record<string, string> = { ...base.variables, ...base[scheme], ...ours.variables, ...ours[scheme] };
  const resolve = (value: string, depth = 0): string => {
    const ref = /^var\((--[\w-]+)(?:,\s*(.+))?\)$/.exec(value.trim());
    if (!ref) return value;
    if (depth > 10) throw new Error(`circular ${value}`);
    const next = vars[ref[1]!] ?? ref[2];
    if (next === undefined) throw new Error(`undefined CSS variable ${ref[1]}`);
    return resolve(next, depth + 1);
  };
  return (value) => resolve(value.startsWith('--') ? `var(${value})` : value);
}

interface Pair {
  what: string;
  fg: string;
  bg: string;
  min: number;
}

function pairs(scheme: Scheme): Pair[] {
  const v = schemeVariables(scheme);
  // Where text sits: the page, inputs/default buttons, and the hover/striped surface of tables and menus.
  const surfaces =
    scheme === 'light'
      ? ['--mantine-color-body', '--mantine-color-default', '--mantine-color-gray-0']
      : ['--mantine-color-body', '--mantine-color-default', '--mantine-color-dark-6'];
  const list: Pair[] = [];
  for (const surface of surfaces) {
    const bg = v(surface);
    for (const text of [
      '--mantine-color-text',
      '--mantine-color-dimmed',
      '--mantine-color-anchor',
      '--mantine-color-error',
      '--mantine-color-placeholder',
    ]) {
      list.push({ what: `${text} on ${surface}`, fg: v(text), bg, min: 4.5 });
    }
    for (const color of APP_COLORS) {
      list.push({ what: `${color} text on ${surface}`, fg: v(`--mantine-color-${color}-text`), bg, min: 4.5 });
      list.push({ what: `${color} outline on ${surface}`, fg: v(`--mantine-color-${color}-outline`), bg, min: 4.5 });
    }
    // Focus indicator: non-text contrast.
    list.push({ what: `focus ring on ${surface}`, fg: v('--app-focus-ring'), bg, min: 3 });
  }
  for (const color of APP_COLORS) {
    const onFilled = v(getContrastColor({ color, theme: full, colorScheme: scheme }));
    list.push({ what: `text on filled ${color}`, fg: onFilled, bg: v(`--mantine-color-${color}-filled`), min: 4.5 });
    list.push({ what: `text on hovered filled ${color}`, fg: onFilled, bg: v(`--mantine-color-${color}-filled-hover`), min: 4.5 });
    // The light variant: badges, alerts, the active navigation item. Its background is translucent:
    // measured as it shows, over the page.
    for (const light of [`--mantine-color-${color}-light`, `--mantine-color-${color}-light-hover`]) {
      const bg = flatten(v(light), v('--mantine-color-body'));
      list.push({ what: `${color} light-color on ${light}`, fg: v(`--mantine-color-${color}-light-color`), bg, min: 4.5 });
    }
    // A link inside an alert of the colour (Alert's light variant), and the alert's own text.
    const alert = flatten(v(`--mantine-color-${color}-light`), v('--mantine-color-body'));
    list.push({ what: `link on a ${color} alert`, fg: v('--mantine-color-anchor'), bg: alert, min: 4.5 });
    list.push({ what: `text on a ${color} alert`, fg: v('--mantine-color-text'), bg: alert, min: 4.5 });
  }
  list.push({
    what: 'primary contrast on primary filled',
    fg: v('--mantine-primary-color-contrast'),
    bg: v('--mantine-primary-color-filled'),
    min: 4.5,
  });
  return list;
}

describe.each(['light', 'dark'] as const)('theme colours in the %s scheme', (scheme) => {
  it.each(pairs(scheme).map((p) => [p.what, p] as const))('%s meets WCAG 2.1 AA', (_what, pair) => {
    const ratio = contrastRatio(pair.fg, pair.bg);
    expect(ratio, `${pair.fg} on ${pair.bg}: ${ratio.toFixed(2)}:1 (needs ${pair.min}:1)`).toBeGreaterThanOrEqual(pair.min);
  });
});

describe('the WCAG contrast formula', () => {
  it('answers the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's default teal-7 with white text: the 3.11:1 that failed.
    expect(contrastRatio('#ffffff', '#0ca678')).toBeCloseTo(3.11, 1);
    expect(contrastRatio('#868e96', '#fff')).toBeCloseTo(3.32, 1);
  });

  it('shows a translucent background as it looks over the page', () => {
    expect(flatten('rgba(255, 0, 0, 0.1)', '#ffffff')).toBe('rgb(255, 230, 230)');
    expect(flatten('#123456', '#ffffff')).toBe('rgb(18, 52, 86)');
  });

  it('reads hex, rgb() and rgba() (a translucent colour is blended over the background)', () => {
    expect(parseColor('#0ca678')).toEqual({ r: 12, g: 166, b: 120, a: 1 });
    expect(parseColor('rgba(4, 64, 46, 1)')).toEqual({ r: 4, g: 64, b: 46, a: 1 });
    expect(contrastRatio('rgba(0, 0, 0, 0)', '#ffffff')).toBeCloseTo(1, 5);
  });
});
