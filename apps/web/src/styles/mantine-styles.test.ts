import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importedComponents,
  importedStylesheets,
  renderStylesFile,
  requiredStylesheets,
  SOURCE_DIR,
  STYLES_FILE,
  strayStyleImports,
  stylesheetsOf,
} from '../../build/mantine-styles.mjs';

/*
 * A Mantine component whose stylesheet is not loaded renders unstyled: a dialog's checkbox showed its
 * check mark 750 px wide, tabs ran together as plain text, notifications were bare text. The styles
 * were imported piecemeal by the pages that happened to need them, so a lazily loaded route that
 * used a component another chunk imported the styles of went without. Now they all load in one
 * place, the entry's src/styles/mantine.css, and this test keeps that place complete.
 */
const REGENERATE = 'run `node apps/web/build/mantine-styles.mjs` to regenerate src/styles/mantine.css';

describe('Mantine styles in one place', () => {
  const stylesText = readFileSync(STYLES_FILE, 'utf8');
  const loaded = new Set(importedStylesheets(stylesText));
  const { sheets, neededBy } = requiredStylesheets();

  it('finds the components the app uses, and what each one renders', () => {
    const used = importedComponents();
    expect(used.has('core:Checkbox')).toBe(true);
    expect(used.has('core:Tabs')).toBe(true);
    // A checkbox needs its indicator's and the shared inline-input layout's styles besides its own.
    expect([...stylesheetsOf('core', 'Checkbox')]).toEqual(
      expect.arrayContaining([
        '@mantine/core/styles/Checkbox.css',
        '@mantine/core/styles/CheckboxIndicator.css',
        '@mantine/core/styles/InlineInput.css',
      ]),
    );
    // Across packages: the charts' legend renders core's ColorSwatch.
    expect([...stylesheetsOf('charts', 'AreaChart')]).toEqual(
      expect.arrayContaining(['@mantine/charts/styles.css', '@mantine/core/styles/ColorSwatch.css']),
    );
  });

  it('loads the stylesheet of every Mantine component the app renders', () => {
    const missing = sheets.filter((sheet) => !loaded.has(sheet)).map((sheet) => `${sheet} (needed by ${neededBy.get(sheet)!.join(', ')})`);
    expect(missing, `src/styles/mantine.css lacks stylesheets: ${REGENERATE}`).toEqual([]);
  });

  it('is the generated list exactly: nothing unused, in Mantine’s order', () => {
    const unused = [...loaded].filter((sheet) => !neededBy.has(sheet));
    expect(unused, `no component needs these: ${REGENERATE}`).toEqual([]);
    expect(stylesText, REGENERATE).toBe(renderStylesFile(sheets));
  });

  it('is the only place that imports Mantine styles, and the entry loads it', () => {
    expect(strayStyleImports(), 'import Mantine styles only in src/styles/mantine.css').toEqual([]);
    expect(readFileSync(join(SOURCE_DIR, 'main.tsx'), 'utf8')).toContain("import './styles/mantine.css';");
  });
});
