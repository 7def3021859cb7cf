// Module boundaries, decided from the resolved path of every import, whatever its spelling
// (`@/features/x`, `../../x`, `../x/index.js`): an area may import another area only through
// that area's entry file, and never another area's tables.
import path from 'node:path';

/**
 * @typedef {{ root: string, alias?: Record<string, string>, entries?: string[], forbidden?: string[] }} Options
 * root: the folder holding one sub-folder per area (relative to the lint root).
 * alias: import prefixes mapped to folders (e.g. {'@/': 'apps/web/src/'}).
 * entries: file names (without extension) another area may import; none means nothing is public.
 * forbidden: folders no area may import from (e.g. the shared table definitions).
 */

const STRIP_EXT = /\.(?:[cm]?[jt]sx?)$/;

/** The area folder name of an absolute path under `rootDir`, or null. */
function areaOf(file, rootDir) {
  const rel = path.relative(rootDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [area] = rel.split(path.sep);
  return area || null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'An area imports another area only through its entry file, and never its tables.' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      internal: "'{{from}}' reaches into area '{{area}}' ({{target}}): import it through its entry file ({{entries}}).",
      closed: "'{{from}}' imports area '{{area}}', which areas must not import from each other; combine them higher up.",
      forbidden: "'{{from}}' imports '{{target}}': areas do not read shared tables; ask the owning area's entry file.",
    },
  },
  create(context) {
    /** @type {Options} */
    const options = context.options[0];
    const cwd = context.cwd;
    const rootDir = path.resolve(cwd, options.root);
    const file = context.filename;
    const ownArea = areaOf(file, rootDir);
    if (!ownArea) return {};
    const entries = options.entries ?? [];
    const forbidden = (options.forbidden ?? []).map((dir) => path.resolve(cwd, dir));

    function resolve(spec) {
      if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
      for (const [prefix, dir] of Object.entries(options.alias ?? {})) {
        if (spec.startsWith(prefix)) return path.resolve(cwd, dir, spec.slice(prefix.length));
      }
      return null;
    }

    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      const target = resolve(spec);
      if (!target) return;
      if (forbidden.some((dir) => isInside(target, dir))) {
        context.report({ node: node.source, messageId: 'forbidden', data: { from: ownArea, target: spec } });
        return;
      }
      const area = areaOf(target, rootDir);
      if (!area || area === ownArea) return;
      const inside = path.relative(path.join(rootDir, area), target).replace(STRIP_EXT, '');
      if (entries.length === 0) {
        context.report({ node: node.source, messageId: 'closed', data: { from: ownArea, area } });
      } else if (!(inside === '' || entries.includes(inside))) {
        context.report({
          node: node.source,
          messageId: 'internal',
          data: { from: ownArea, area, target: spec, entries: entries.join(', ') },
        });
      }
    }

    return importVisitors(check);
  },
};

/**
 * Shared code imports no product area: what it needs of one is handed in (a parameter, the Platform,
 * a registry, or a type the area fills in by declaration merging), so every area may stand on it.
 * @typedef {{ forbidden: Record<string, string> }} SharedOptions
 * forbidden: folders (relative to the lint root) shared code must not import, each with the reason shown.
 */
/** @type {import('eslint').Rule.RuleModule} */
const sharedRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Shared code (lib/, platform/) never imports a product area; the area is handed in.' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      shared: "Shared code imports '{{target}}': {{why}}",
    },
  },
  create(context) {
    /** @type {SharedOptions} */
    const options = context.options[0];
    const forbidden = Object.entries(options.forbidden).map(([dir, why]) => ({ dir: path.resolve(context.cwd, dir), why }));
    const file = context.filename;

    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const hit = forbidden.find(({ dir }) => isInside(target, dir));
      if (hit) context.report({ node: node.source, messageId: 'shared', data: { target: spec, why: hit.why } });
    }

    return importVisitors(check);
  },
};

/**
 * A module's definition (its routes, services and what it plugs in) is imported by the module list
 * alone; everyone else imports the module's entry file, so importing a helper never drags in another
 * module's routes and services (nor the import circles they would close).
 * @typedef {{ root: string, definition: string, listedBy: string }} DefinitionOptions
 * root: the folder holding one sub-folder per module; definition: the definition's file name (without
 * extension); listedBy: the one file (relative to the lint root) that may import definitions.
 */
/** @type {import('eslint').Rule.RuleModule} */
const definitionRule = {
  meta: {
    type: 'problem',
    docs: { description: "Only the module list imports a module's definition; everyone else imports its entry file." },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      definition: "'{{target}}' is a module's definition, which only {{listedBy}} imports: import the module's index.ts.",
    },
  },
  create(context) {
    /** @type {DefinitionOptions} */
    const options = context.options[0];
    const file = context.filename;
    if (file === path.resolve(context.cwd, options.listedBy)) return {};
    const rootDir = path.resolve(context.cwd, options.root);

    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const rel = path.relative(rootDir, path.resolve(path.dirname(file), spec));
      if (rel.startsWith('..') || path.isAbsolute(rel)) return;
      const [area, inside, ...deeper] = rel.replace(STRIP_EXT, '').split(path.sep);
      if (area && inside === options.definition && deeper.length === 0) {
        context.report({ node: node.source, messageId: 'definition', data: { target: spec, listedBy: options.listedBy } });
      }
    }

    return importVisitors(check);
  },
};

/** Whether `target` is the folder `dir` or inside it. */
function isInside(target, dir) {
  const rel = path.relative(dir, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Every way a file names another, each handed to `check` as `{ source }`: imports and re-exports
 * (type-only ones too), dynamic imports, `import('…').Type` in a type, `import x = require('…')` and
 * `declare module '…'` (an augmentation depends on the file it augments).
 */
function importVisitors(check) {
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: (node) => check({ source: node.source }),
    TSImportType: (node) => check({ source: node.argument && node.argument.literal }),
    TSExternalModuleReference: (node) => check({ source: node.expression }),
    TSModuleDeclaration: (node) => node.id.type === 'Literal' && check({ source: node.id }),
  };
}

export default { rules: { 'module-boundaries': rule, 'shared-code': sharedRule, 'module-definitions': definitionRule } };
