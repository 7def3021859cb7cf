import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, defaultCssVariablesResolver, getContrastColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, flatten, parseColor } from './contrast';
import { cssVariablesResolver, theme } from './theme';

type Scheme = 'light' | 'dark';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
/** The palette colours the screens use (color= and c= props, badges, alerts, avatars). */
const APP_COLORS = ['teal', 'red', 'green', 'orange', 'yellow', 'blue', 'gray'] as const;
/** The alert variants measured below (the last test keeps the app's alerts to them). */
const ALERT_VARIANTS = ['light'] as const;

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
    // The alert's own text.
    const alert = flatten(v(`--mantine-color-${color}-light`), v('--mantine-color-body'));
    list.push({ what: `text on a ${color} alert`, fg: v('--mantine-color-text'), bg: alert, min: 4.5 });
  }
  list.push(...alertLinkPairs(v));
  list.push({
    what: 'primary contrast on primary filled',
    fg: v('--mantine-primary-color-contrast'),
    bg: v('--mantine-primary-color-filled'),
    min: 4.5,
  });
  return list;
}

/**
 * Every link colour on every alert colour (axe once measured 4.2:1 for a link on the orange quota
 * alert of Perfiles and 4.48:1 on the yellow one of Muros). An alert is Mantine's light variant: a
 * tint over the page. A link in it is an Anchor (the anchor colour) or a button-styled link of any
 * colour: `subtle` (its light-color straight on the alert) or `light` (its own tint over the
 * alert's), at rest and hovered.
 */
function alertLinkPairs(v: (value: string) => string): Pair[] {
  const list: Pair[] = [];
  for (const alertColor of APP_COLORS) {
    const alert = flatten(v(`--mantine-color-${alertColor}-light`), v('--mantine-color-body'));
    const on = `a ${alertColor} alert`;
    list.push({ what: `anchor link on ${on}`, fg: v('--mantine-color-anchor'), bg: alert, min: 4.5 });
    for (const link of APP_COLORS) {
      const fg = v(`--mantine-color-${link}-light-color`);
      const tint = (name: string) => flatten(v(`--mantine-color-${link}-${name}`), alert);
      list.push({ what: `subtle ${link} link on ${on}`, fg, bg: alert, min: 4.5 });
      list.push({ what: `hovered subtle ${link} link on ${on}`, fg, bg: tint('light-hover'), min: 4.5 });
      list.push({ what: `light ${link} link on ${on}`, fg, bg: tint('light'), min: 4.5 });
      list.push({ what: `hovered light ${link} link on ${on}`, fg, bg: tint('light-hover'), min: 4.5 });
    }
  }
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

/** Each `<Alert …>` opening tag in the app's source, with its `color` and `variant` values (string literals). */
function alertsInSource(): { where: string; colors: string[]; variants: string[] }[] {
  const root = join(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx') && !f.includes('.test.'));
  const found: { where: string; colors: string[]; variants: string[] }[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/<Alert\b/g)) {
      // The opening tag ends at the first `>` outside braces (props hold arrow functions).
      let depth = 0;
      let end = match.index + match[0].length;
      for (; end < text.length; end += 1) {
        const c = text[end];
        if (c === '{') depth += 1;
        else if (c === '}') depth -= 1;
        else if (c === '>' && depth === 0) break;
      }
      const tag = text.slice(match.index, end);
      const values = (prop: string) => {
        const literal = new RegExp(`\\b${prop}="([^"]*)"`).exec(tag);
        if (literal) return [literal[1]!];
        const expression = new RegExp(`\\b${prop}=\\{([^}]*)\\}`).exec(tag);
        if (!expression) return [];
        // `cond ? 'teal' : 'red'`: the values are the branches, not what the condition compares.
        const branches = expression[1]!.includes('?') ? expression[1]!.slice(expression[1]!.indexOf('?')) : expression[1]!;
        const literals = [...branches.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]!);
        return literals.length > 0 ? literals : [`{${expression[1]}}`];
      };
      found.push({
        where: `${file}:${text.slice(0, match.index).split('\n').length}`,
        colors: values('color'),
        variants: values('variant'),
      });
    }
  }
  return found;
}

describe('the alerts of the app', () => {
  it('use only the colours and the variant whose text and links are measured above', () => {
    const alerts = alertsInSource();
    expect(alerts.length).toBeGreaterThan(50);
    const measuredColors = new Set<string>(APP_COLORS);
    const measuredVariants = new Set<string>(ALERT_VARIANTS);
    const unmeasured = alerts.flatMap(({ where, colors, variants }) => [
      ...colors.filter((c) => !measuredColors.has(c)).map((c) => `${where}: color ${c}`),
      ...variants.filter((x) => !measuredVariants.has(x)).map((x) => `${where}: variant ${x}`),
    ]);
    expect(unmeasured).toEqual([]);
  });
});
