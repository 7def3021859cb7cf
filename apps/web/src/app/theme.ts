import { Anchor, Badge, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Colours chosen for WCAG 2.1 AA in both schemes (checked by theme-contrast.test.ts). Filled
 * buttons, badges and links use shade 8 in both schemes, so shades 8 and 9 of every colour the app
 * uses are dark enough for white text (≥ 4.5:1) and for text on white; shades 0–7 are Mantine's.
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#066649',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#f03e3e',
  '#c92a2a',
  '#a51d1d',
];
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#237a34',
  '#1f6b2f',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#c2410c',
  '#9a3412',
];
const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#228be6',
  '#1c7ed6',
  '#1971c2',
  '#144f8a',
];
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#f59f00',
  '#a35d00',
  '#7a4500',
];

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 8, dark: 8 },
  colors: { teal, red, green, orange, yellow, blue },
  // Text on filled colours: black or white, whichever contrasts more (0.179 is where they tie).
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  // Someone who asked their system for less motion gets dialogs, menus and drawers without their
  // slide and fade (WCAG 2.3.3); the screenshot tests picture screens that way, at rest.
  respectReducedMotion: true,
  // The fonts shipped with the app and their fallbacks (src/styles/fonts.css): the same text on every
  // computer. Headings name theirs too: Mantine's default theme gives them a system stack of their own.
  fontFamily: 'var(--app-font-family)',
  fontFamilyMonospace: 'var(--app-font-family-monospace)',
  headings: { fontFamily: 'var(--app-font-family)', fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // Links are told apart from the text around them by more than colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A badge keeps its whole word: in a narrow table column it widens the column instead of
    // cutting its label to "FAIL…" (Mantine's label may shrink to nothing, then to an ellipsis).
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});

/**
 * Scheme colours Mantine sets too light for AA: dimmed text, errors, placeholders, the focus ring,
 * and (light scheme) links, which must reach 4.5:1 on the tinted background of every alert too.
 */
export const SCHEME_COLORS = {
  light: { dimmed: '#5c636a', error: red[8], placeholder: '#6a7178', focusRing: teal[8], anchor: teal[9] },
  dark: { dimmed: '#ababab', error: red[4], placeholder: '#9a9a9a', focusRing: teal[4] },
} as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': SCHEME_COLORS.light.dimmed,
    '--mantine-color-error': SCHEME_COLORS.light.error,
    '--mantine-color-placeholder': SCHEME_COLORS.light.placeholder,
    '--app-focus-ring': SCHEME_COLORS.light.focusRing,
    '--mantine-color-anchor': SCHEME_COLORS.light.anchor,
  },
  dark: {
    '--mantine-color-dimmed': SCHEME_COLORS.dark.dimmed,
    '--mantine-color-error': SCHEME_COLORS.dark.error,
    '--mantine-color-placeholder': SCHEME_COLORS.dark.placeholder,
    '--app-focus-ring': SCHEME_COLORS.dark.focusRing,
  },
});
