// The one place that loads Mantine's styles: src/styles/mantine.css, imported by the entry (src/main.tsx),
// so every component is styled whatever chunk a route lands in. Its list is generated from the
// components the app imports from @mantine/* (and the components those render), in Mantine's own
// order. `node apps/web/build/mantine-styles.mjs` rewrites it; src/styles/mantine-styles.test.ts
// fails when it lacks a stylesheet a component needs, or when another file imports Mantine styles.
// See docs/decisions/0002-mantine-styles-in-one-place.md.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
export const SOURCE_DIR = join(webRoot, 'src');
export const STYLES_FILE = join(SOURCE_DIR, 'styles', 'mantine.css');
/** What MantineProvider itself needs (CSS variables, the reset), whatever the components. */
const ALWAYS = ['baseline', 'default-css-variables', 'global'].map((name) => `@mantine/core/styles/${name}.css`);
/** Packages whose components are looked up; core ships one stylesheet per component, the others one in all. */
const PACKAGES = ['core', 'charts', 'tiptap'];

const require = createRequire(join(webRoot, 'package.json'));
const packageDirs = new Map();
function packageDir(pkg) {
  if (!packageDirs.has(pkg)) packageDirs.set(pkg, dirname(require.resolve(`@mantine/${pkg}/styles.css`)));
  return packageDirs.get(pkg);
}

/** Exported name → the module that defines it, from a package's esm/index.mjs. */
const exportTables = new Map();
function exportsOf(pkg) {
  if (exportTables.has(pkg)) return exportTables.get(pkg);
  const esm = join(packageDir(pkg), 'esm');
  const index = readFileSync(join(esm, 'index.mjs'), 'utf8');
  const local = new Map();
  for (const [, names, from] of index.matchAll(/import \{([^}]*)\} from "([^"]+)"/g)) {
    for (const entry of names.split(',')) {
      const [name, alias] = entry.trim().split(/\s+as\s+/);
      if (name) local.set((alias ?? name).trim(), resolve(esm, from));
    }
  }
  const table = new Map();
  for (const [, names] of index.matchAll(/export \{([^}]*)\}/g)) {
    for (const entry of names.split(',')) {
      const [name, alias] = entry.trim().split(/\s+as\s+/);
      const file = name ? local.get(name.trim()) : undefined;
      if (file) table.set((alias ?? name).trim(), file);
    }
  }
  exportTables.set(pkg, table);
  return table;
}

/**
 * The stylesheets a Mantine export needs: every CSS module (`X.module.mjs`, the class names of
 * `styles/X.css`) reachable from its module, through other packages' components too (the rich-text
 * editor renders core's Typography, the charts core's ColorSwatch). An over-approximation only where
 * a component's module imports a part it may not render (Checkbox imports Checkbox.Card).
 */
const neededCache = new Map();
export function stylesheetsOf(pkg, name) {
  const key = `${pkg}:${name}`;
  if (neededCache.has(key)) return neededCache.get(key);
  const file = exportsOf(pkg).get(name);
  if (!file) throw new Error(`@mantine/${pkg} exports no ${name}`);
  const found = new Set();
  const seen = new Set();
  const walk = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const owner = PACKAGES.find((p) => path.startsWith(packageDir(p) + sep));
    if (path.endsWith('.module.mjs')) {
      const base = path.slice(path.lastIndexOf(sep) + 1, -'.module.mjs'.length);
      found.add(owner === 'core' ? `@mantine/core/styles/${base}.css` : `@mantine/${owner}/styles.css`);
    }
    const code = readFileSync(path, 'utf8');
    for (const [, from] of code.matchAll(/from "(\.{1,2}\/[^"]+)"/g)) walk(resolve(dirname(path), from));
    for (const [, names, other] of code.matchAll(/import \{([^}]*)\} from "@mantine\/(core|charts|tiptap)"/g))
      for (const used of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]))
        if (used && exportsOf(other).has(used)) for (const sheet of stylesheetsOf(other, used)) found.add(sheet);
  };
  walk(file);
  neededCache.set(key, found);
  return found;
}

function sourceFiles(dir, extensions) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extensions);
    return extensions.some((ext) => entry.name.endsWith(ext)) ? [path] : [];
  });
}
const isTest = (path) => /\.test\.tsx?$/.test(path) || path.includes(`${sep}test${sep}`);

/** The Mantine components the app imports: `@mantine/core:Checkbox` → the files that import it. */
export function importedComponents(srcDir = SOURCE_DIR) {
  const used = new Map();
  for (const path of sourceFiles(srcDir, ['.ts', '.tsx']).filter((p) => !isTest(p))) {
    const code = readFileSync(path, 'utf8');
    for (const [, typeOnly, names, pkg] of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/([a-z-]+)'/g)) {
      if (typeOnly || !PACKAGES.includes(pkg)) continue;
      for (const entry of names.split(',')) {
        const name = entry
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (!name || name.startsWith('type ')) continue;
        const key = `${pkg}:${name}`;
        used.set(key, [...(used.get(key) ?? []), relative(srcDir, path)]);
      }
    }
    // Anything else (a namespace import, a default import) would escape the scan: refused.
    const other = [...code.matchAll(/import\s+(?!(?:type\s+)?\{)[^;]*?from\s+'@mantine\/(core|charts|tiptap)'/g)];
    if (other.length) throw new Error(`${relative(srcDir, path)}: import Mantine components by name (import { X } from '@mantine/…')`);
  }
  return used;
}

/** Position of each core stylesheet in Mantine's own styles.css: the order the parts must load in. */
function coreOrder() {
  const whole = readFileSync(join(packageDir('core'), 'styles.css'), 'utf8');
  return (sheet) => {
    if (!sheet.startsWith('@mantine/core/')) return Infinity;
    const text = readFileSync(join(packageDir('core'), sheet.slice('@mantine/core/'.length)), 'utf8').trim();
    const at = whole.indexOf(text);
    if (at < 0) throw new Error(`${sheet} is not part of @mantine/core/styles.css`);
    return at;
  };
}

/** Every stylesheet the app needs, in load order, and which components need each one. */
export function requiredStylesheets(srcDir = SOURCE_DIR) {
  const neededBy = new Map(ALWAYS.map((sheet) => [sheet, ['MantineProvider']]));
  for (const key of importedComponents(srcDir).keys()) {
    const [pkg, name] = key.split(':');
    for (const sheet of stylesheetsOf(pkg, name)) neededBy.set(sheet, [...(neededBy.get(sheet) ?? []), `${name} (@mantine/${pkg})`]);
  }
  const position = coreOrder();
  const order = new Map([...neededBy.keys()].map((sheet) => [sheet, position(sheet)]));
  const sheets = [...neededBy.keys()].sort((a, b) => order.get(a) - order.get(b) || a.localeCompare(b));
  return { sheets, neededBy };
}

/** The stylesheets a CSS file imports (`@import '…';`). */
export function importedStylesheets(cssText) {
  return [...cssText.matchAll(/@import\s+'([^']+)';/g)].map((m) => m[1]);
}

/** Files other than the one place that import Mantine styles (CSS @import or JS import). */
export function strayStyleImports(srcDir = SOURCE_DIR) {
  return sourceFiles(srcDir, ['.ts', '.tsx', '.css'])
    .filter((path) => path !== STYLES_FILE && !isTest(path))
    .filter((path) => /['"]@mantine\/[a-z-]+\/styles/.test(readFileSync(path, 'utf8')))
    .map((path) => relative(srcDir, path));
}

export function renderStylesFile(sheets) {
  return [
    '/*',
    ' * Every Mantine stylesheet the app needs, in one place loaded by the entry (src/main.tsx), so a',
    ' * component is styled whatever chunk its route lands in. Generated by',
    ' * `node apps/web/build/mantine-styles.mjs` from the components imported in src/ (and those they',
    ' * render): do not edit by hand. src/styles/mantine-styles.test.ts checks it.',
    ' */',
    ...sheets.map((sheet) => `@import '${sheet}';`),
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { sheets } = requiredStylesheets();
  writeFileSync(STYLES_FILE, renderStylesFile(sheets));
  console.log(`${relative(process.cwd(), STYLES_FILE)}: ${sheets.length} stylesheets`);
}
