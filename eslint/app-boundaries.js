// The apps never import each other's source: apps/api does not reach into apps/web, nor the reverse,
// however the path is spelt (`../../../web/src/…`, `@/../../api/src/…`, a JSON file, a type, a glob).
// What they share (the server-rendered pages' texts, the session keys, the password rules) lives in a
// workspace package both depend on, packages/contracts, imported by its name.
import path from 'node:path';

/**
 * @typedef {{ root: string, alias?: Record<string, string> }} Options
 * root: the folder holding one sub-folder per app (relative to the lint root).
 * alias: import prefixes mapped to folders (e.g. {'@/': 'apps/web/src/'}).
 */

/** The app folder name of an absolute path under `rootDir`, or null. */
function appOf(file, rootDir) {
  const rel = path.relative(rootDir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0] || null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "An app never imports another app's source; shared code lives in a workspace package." },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      otherApp:
        "apps/{{from}} imports '{{target}}' from apps/{{app}}: the apps share code only through a workspace package (packages/contracts), never each other's source.",
    },
  },
  create(context) {
    /** @type {Options} */
    const options = context.options[0];
    const rootDir = path.resolve(context.cwd, options.root);
    const file = context.filename;
    const ownApp = appOf(file, rootDir);
    if (!ownApp) return {};

    function resolve(spec) {
      if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
      for (const [prefix, dir] of Object.entries(options.alias ?? {})) {
        if (spec.startsWith(prefix)) return path.resolve(context.cwd, dir, spec.slice(prefix.length));
      }
      return null; // a package, imported by its name
    }

    function check(source) {
      const spec = source && source.value;
      if (typeof spec !== 'string') return;
      const target = resolve(spec);
      const app = target && appOf(target, rootDir);
      if (app && app !== ownApp) context.report({ node: source, messageId: 'otherApp', data: { from: ownApp, app, target: spec } });
    }

    /** `import.meta.glob('…')` and `import.meta.glob(['…', '…'])` (Vite): each pattern names files too. */
    function checkGlob(node) {
      const callee = node.callee;
      const isGlob =
        callee.type === 'MemberExpression' &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'glob' &&
        callee.object.type === 'MetaProperty';
      if (!isGlob || !node.arguments[0]) return;
      const argument = node.arguments[0];
      for (const pattern of argument.type === 'ArrayExpression' ? argument.elements : [argument]) {
        if (pattern && pattern.type === 'Literal') check({ ...pattern, value: String(pattern.value).replace(/^!/, '') });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument && node.argument.literal),
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression: checkGlob,
    };
  },
};

export default { rules: { 'no-other-app-source': rule } };
