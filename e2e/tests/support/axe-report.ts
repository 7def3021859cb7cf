import type AxeBuilder from '@axe-core/playwright';

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
