import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { transitionsEnded } from './page-state';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The violations that fail the pass: impact serious or critical. */
export function seriousViolations(violations: Violation[]): Violation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One readable block per rule: what it is, where (selector) and why (axe's summary), up to 8 nodes. */
export function formatViolations(where: string, violations: Violation[]): string {
  if (violations.length === 0) return `${where}: no serious or critical violation`;
  const blocks = violations.map((v) => {
    const nodes = v.nodes.slice(0, 8).map((n) => {
      const why = (n.failureSummary ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(1, 3)
        .join(' / ');
      return `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 300)}\n      ${why}`;
    });
    const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}${more}`;
  });
  return `${where}: ${violations.length} serious/critical axe violation(s)\n${blocks.join('\n')}`;
}

/**
 * Frames where no script may run (`sandbox` without `allow-scripts`: the template preview, a
 * message in Comunicaciones). axe cannot test inside them: no script of its own runs there (its
 * timers never fire; an axe run waiting on such a frame hung until the test's timeout). They are
 * left out of the scan; that each has a title (what axe's frame-title rule checks) is asserted here
 * instead.
 */
const SCRIPTLESS_FRAME = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

/**
 * axe-core with the WCAG 2.1 A and AA rules; a serious or critical violation is a (soft) failure,
 * printed readably. Run as `axe.run` inside the page (AxeBuilder's legacy mode): its default runs
 * `axe.finishRun` in a new blank page for every scan, twice as slow. The page's own frames are tested
 * either way; a cross-origin frame would not be in this mode, so none may be there (asserted).
 */
export async function scan(page: Page, where: string): Promise<void> {
  // A dialog or menu still fading in is drawn half transparent: its text would be measured against a
  // blend of colours no one reads (a pay dialog's dimmed text once measured 4.24:1 mid-fade; it passes
  // at rest): wait for the transitions to end.
  await transitionsEnded(page);
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    // A frame that has not committed a navigation yet has no URL at all.
    .filter((url) => url !== '' && !url.startsWith('about:') && new URL(url).origin !== origin);
  expect.soft(foreign, `${where}: a cross-origin frame, which this scan cannot test`).toEqual([]);
  const results = await new AxeBuilder({ page })
    // Details of the violations only: the rules run the same, without describing every node that passed.
    // WCAG 2.5.3 (Label in Name), `label-content-name-mismatch`, named so it runs whatever axe's
    // default for it (an experimental rule, off, up to 4.13; it runs by its wcag21a tag in 4.14).
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude(SCRIPTLESS_FRAME)
    .setLegacyMode()
    .analyze();
  const serious = seriousViolations(results.violations);
  expect.soft(serious.length, formatViolations(where, serious)).toBe(0);
  const untitled = await page
    .locator(SCRIPTLESS_FRAME)
    .evaluateAll((frames) => frames.filter((f) => !f.getAttribute('title')?.trim()).length);
  expect.soft(untitled, `${where}: a sandboxed frame without a title`).toBe(0);
}
