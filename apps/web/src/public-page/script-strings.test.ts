import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_SCRIPT_STRINGS } from '@enlaza/contracts';

const here = join(process.cwd(), 'src/public-page');

/** The key argument of a `text(section, key…)` call: every quoted literal up to the first top-level comma or parenthesis. */
function keyLiterals(source: string, from: number): string[] {
  let depth = 0;
  let end = from;
  for (; end < source.length; end++) {
    const c = source[end];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0) break;
  }
  return [...source.slice(from, end).matchAll(/'([\w.]+)'/g)].map((m) => m[1]!);
}

/** Every (section, key) the page's script passes to `text()`, read from its sources. */
function usedKeys(): { section: string; key: string; file: string }[] {
  const used: { section: string; key: string; file: string }[] = [];
  for (const file of readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(join(here, file), 'utf8');
    // `const s = data.strings.form;` names the section of the `text(s, …)` calls that follow it.
    let current = '';
    const pattern = /const s = data\.strings\.(\w+)|text\((s|data\.strings\.(\w+)),\s*/g;
    for (const match of source.matchAll(pattern)) {
      if (match[1]) current = match[1];
      else {
        const section = match[3] ?? current;
        for (const key of keyLiterals(source, match.index + match[0].length)) used.push({ section, key, file });
      }
    }
  }
  return used;
}

describe('the strings the public page’s script shows', () => {
  it('are all among those the server puts in the page', () => {
    const used = usedKeys();
    // The reader found the script's calls (a change of style would make it find none and pass for nothing).
    expect(used.length).toBeGreaterThan(20);
    expect(new Set(used.map((u) => u.section))).toEqual(new Set(['form', 'share', 'location', 'qr']));
    const sections = PUBLIC_PAGE_SCRIPT_STRINGS as Record<string, readonly string[]>;
    const missing = used.filter(({ section, key }) => !(sections[section] ?? []).some((k) => key === k || key.startsWith(`${k}.`)));
    expect(missing).toEqual([]);
  });
});
