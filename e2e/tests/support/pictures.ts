import { expect, type Locator, type Page } from '@playwright/test';
import { settled, switchColorScheme } from './page-state';

/** The widths and themes every screen is pictured in (the visual comparisons' too). */
export const WIDTHS = [1280, 360] as const;
export const THEMES = ['light', 'dark'] as const;

/**
 * What the machine's fonts draw by design, painted over like what differs from run to run: the
 * phone field's flag, an emoji (regional-indicator letters), which no shipped font has (an emoji
 * font is megabytes); a machine with an emoji font draws a flag, one without draws letters or boxes.
 */
export const MACHINE_DRAWN = '[data-testid="phone-country-button"] > span[aria-hidden="true"]';

/**
 * Text the page draws in a font of the machine's rather than one the app ships (apps/web/src/styles/fonts.css):
 * an element whose font stack starts with another family, or a character none of the shipped faces
 * covers (their unicode-range). Such text is drawn by whatever fonts the machine has, so its picture
 * would differ on a machine with other fonts; each is named with its element and stack. What
 * MACHINE_DRAWN matches is left out (it is masked).
 */
export async function textInMachineFonts(page: Page, { japanese = false } = {}): Promise<string[]> {
  return page.evaluate(
    ({ machineDrawn, japanese }) => {
      const unquoted = (family: string) => family.trim().replace(/^["']|["']$/g, '');
      const faces = [...document.fonts].map((face) => ({
        family: unquoted(face.family),
        ranges: face.unicodeRange.split(',').map((range) => {
          const [from = '0', to = from] = range.trim().replace(/^U\+/i, '').split('-');
          return [parseInt(from, 16), parseInt(to, 16)] as const;
        }),
      }));
      const shipped = new Set(faces.map((face) => face.family));
      const covered = (code: number) => faces.some((face) => face.ranges.some(([from, to]) => code >= from && code <= to));
      // Japanese text (its punctuation, kana, kanji and full-width forms) is the system's to draw
      // (decision 0019); its pictures are taken with one pinned Japanese font (JAPANESE_FONTS).
      const japaneseScript = (code: number) =>
        (code >= 0x3000 && code <= 0x30ff) ||
        (code >= 0x3400 && code <= 0x4dbf) ||
        (code >= 0x4e00 && code <= 0x9fff) ||
        (code >= 0xff00 && code <= 0xffef);
      const found = new Set<string>();
      const check = (element: Element, text: string) => {
        if (!text.trim() || !element.checkVisibility() || element.closest(machineDrawn)) return;
        const stack = getComputedStyle(element).fontFamily;
        const what = `<${element.localName}${element.id ? `#${element.id}` : ''}>`;
        if (!shipped.has(unquoted(stack.split(',')[0] ?? ''))) found.add(`${what} "${text.trim().slice(0, 40)}" in ${stack}`);
        for (const char of text.replace(/\s/g, '')) {
          const code = char.codePointAt(0) ?? 0;
          if (!covered(code) && !(japanese && japaneseScript(code)))
            found.add(`${what} "${char}" (U+${code.toString(16).toUpperCase()}) in no shipped font`);
        }
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement) check(node.parentElement, node.nodeValue ?? '');
      }
      // Fields draw their value or placeholder (a checkbox's or a radio's value is never drawn).
      const fields = 'input:not([type=hidden], [type=checkbox], [type=radio], [type=range], [type=color], [type=file]), textarea';
      for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(fields)) {
        check(field, field.value || field.placeholder);
      }
      return [...found];
    },
    { machineDrawn: MACHINE_DRAWN, japanese },
  );
}

/**
 * What a server on the real clock shows differently in every run, painted over in the pictures the
 * assertion specs take: dates (with their times; "Mar 14, 2031", "3/14/2031") and invoice numbers
 * (their year and their place in the series).
 */
export const realClockValues = (page: Page | Locator): Locator[] => [
  page.getByText(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/),
  page.getByText(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/),
  page.getByText(/\b[A-Z]{1,3}\d{4}-\d{6}\b/),
  // A saved card's expiry: the Stripe stand-in's test cards expire three years from now.
  page.getByText(/•••• \d{4} · \d{2}\/\d{2}/),
];

/** The texts `realClockValues` masks, each written as one fixed text of its kind. */
const FIXED_VALUES: [RegExp, string][] = [
  [/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}(, \d{1,2}:\d{2}( [AP]M)?)?/g, 'Mar 14, 2031, 9:00 AM'],
  [/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g, '3/14/2031'],
  [/\b[A-Z]{1,3}\d{4}-\d{6}\b/g, 'F2031-000001'],
  [/(•••• \d{4} · )\d{2}\/\d{2}/g, '$112/34'],
];

/**
 * Writes every date, invoice number and expiry on the page as one fixed text of its kind before a
 * picture, and each text of `same` as its fixed text: masked, they still take their own width, and
 * a table's columns move with them (a time of 10:05 is wider than one of 9:05).
 */
async function sameValues(page: Page, same: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ fixed, literal }) => {
      const rules = fixed.map(([source, flags, text]) => [new RegExp(source, flags), text] as const);
      const written = (text: string) =>
        Object.entries(literal).reduce(
          (value, [from, to]) => value.replaceAll(from, to),
          rules.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text),
        );
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeValue && written(node.nodeValue) !== node.nodeValue) node.nodeValue = written(node.nodeValue);
      }
    },
    { fixed: FIXED_VALUES.map(([pattern, text]) => [pattern.source, pattern.flags, text] as const), literal: same },
  );
}

/**
 * Pictures the screen the page shows now, in light and dark at 1280 and 360 px, and compares each
 * with its reviewed picture (`<name>-<width>-<theme>.png` in e2e/visual/__screenshots__): for the
 * screens only an assertion spec reaches (a provider's component, a state a provider's webhook
 * leaves), at the moment the spec shows them, on the page as it is: its width set and its theme
 * switched the way the header's switch does, not loaded again. As in the visual comparisons: the
 * page settled (no loader or skeleton), the app's fonts loaded and no text in a machine's font, no
 * sideways scroll on a phone, CSS animations stopped (Playwright's default), a soft failure per
 * picture. `mask` paints over what differs from run to run besides `realClockValues`, and `same`
 * writes such a text as a fixed one first (it keeps its place's width). A dialog is
 * pictured as the screen shows it (`fullPage: false`): a full page would show the page below the
 * screen's height without the dialog's overlay; with `dialog`, only the dialog's own dates are masked. The page is left light, at the width it had.
 */
export async function pictureScreen(
  page: Page,
  name: string,
  {
    mask = [],
    same = {},
    fullPage = true,
    dialog,
  }: { mask?: Locator[]; same?: Record<string, string>; fullPage?: boolean; dialog?: Locator } = {},
): Promise<void> {
  const viewport = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const theme of THEMES) {
      await switchColorScheme(page, theme);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await settled(page, () => []);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await sameValues(page, same);
      const where = `${name} at ${width} px, ${theme}`;
      expect.soft(await textInMachineFonts(page), `${where}: text in the machine's fonts, not the app's`).toEqual([]);
      if (width === 360) {
        // Polled: just after the width changed, the page is briefly wider (387 px on the payments page
        // of a run) until its layout follows the new width; a page that stays wider fails.
        await expect.soft
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), `${where}: the page scrolls sideways on a phone`)
          .toBeLessThanOrEqual(360);
      }
      await expect.soft(page, where).toHaveScreenshot(`${name}-${width}-${theme}.png`, {
        fullPage,
        // Over a dialog, masks of the page behind it would be painted on the dialog: there the
        // values are only written as fixed ones (sameValues), and the dialog's own are masked.
        mask: [...realClockValues(dialog ?? page), page.locator(MACHINE_DRAWN), ...mask],
      });
    }
  }
  await switchColorScheme(page, 'light');
  if (viewport) await page.setViewportSize(viewport);
}
