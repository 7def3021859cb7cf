import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';

/*
 * The editor's sticky save bar must never hide a control (WCAG 2.4.11, focus not obscured): the
 * page keeps at least the bar's height clear at the bottom whenever it scrolls a control into view
 * (tabbing, a field in error), and the bar is never taller than that room. jsdom lays nothing out,
 * so this reads the rules themselves; the browser check is e2e/tests/usability.spec.ts.
 */
const css = postcss.parse(readFileSync(join(import.meta.dirname, 'profiles.css'), 'utf8'));

function declaration(selector: string, property: string): string | undefined {
  let value: string | undefined;
  css.walkRules((rule: Rule) => {
    if (rule.selector !== selector) return;
    rule.walkDecls(property, (decl) => {
      value = decl.value;
    });
  });
  return value;
}

describe("the profile editor's save bar", () => {
  it('stays at the bottom of the screen, at the height the page keeps clear for it', () => {
    expect(declaration('.profile-save-bar', 'position')).toBe('sticky');
    expect(declaration('.profile-save-bar', 'bottom')).toBe('0');
    expect(declaration('.profile-save-bar', 'min-height')).toBe('var(--profile-save-bar-height)');
    expect(declaration('.profile-save-bar', 'box-sizing')).toBe('border-box');
    expect(declaration(':root', '--profile-save-bar-height')).toMatch(/2\.25rem/);
  });

  it('makes the page scroll a focused control clear of the bar, while the editor is shown', () => {
    const padding = declaration(':root:has(.profile-save-bar)', 'scroll-padding-bottom');
    expect(padding).toBeDefined();
    // The bar's whole height, plus a margin so the control is not flush against it.
    expect(padding).toMatch(/^calc\(var\(--profile-save-bar-height\) \+ var\(--mantine-spacing-\w+\)\)$/);
    // A segmented control's radio has no size of its own: its visible button (28 px) comes along with it.
    expect(declaration("form:has(.profile-save-bar) input[type='radio']", 'scroll-margin-bottom')).toBe('2rem');
  });
});
