#!/usr/bin/env node
// The app as the container image runs it, assembled from a built checkout into one folder (the
// Containerfile's /app): the API's bundle, its migrations and package.json, the built web app, the
// health check, and only the npm packages the API needs at run time (its production dependencies
// and theirs, as npm resolved them in node_modules; no dev tools, no web-only packages).
//
//   node scripts/container/assemble.mjs <out> [--api-dist dir] [--web-dist dir] [--link]
//
// --link hard-links the files instead of copying them (where <out> is on the same file system): a
// folder that is only read, then removed, as the image test's build context.
//
// The Containerfile's build stage runs it after `npm run build`; the image test runs it on this
// checkout's node_modules with a bundle of its own (docs/operations.md, "Container image").
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'api-dist': { type: 'string' }, 'web-dist': { type: 'string' }, link: { type: 'boolean' } },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/container/assemble.mjs <out> [--api-dist dir] [--web-dist dir] [--link]');
  process.exit(2);
}
const out = resolve(positionals[0]);
const apiDist = resolve(values['api-dist'] ?? join(root, 'apps/api/dist'));
const webDist = resolve(values['web-dist'] ?? join(root, 'apps/web/dist'));
for (const [what, dir] of [
  ['the API bundle', join(apiDist, 'server.js')],
  ['the web build', join(webDist, 'index.html')],
])
  if (!existsSync(dir)) {
    console.error(`${what} is missing (${dir}): run "npm run build" first`);
    process.exit(1);
  }

/**
 * The folders of the packages the API needs at run time, as npm lists them (hoisted or nested), each
 * relative to the root; the workspace's own packages are left out (the bundle holds the contracts).
 */
function productionPackages() {
  let listed;
  try {
    listed = execFileSync('npm', ['ls', '--parseable', '--all', '--omit=dev', '--workspace', '@enlaza/api'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // npm ls also exits with 1 over a problem elsewhere in the tree (an extraneous package in a
    // developer's checkout); what it listed is still the API's tree.
    listed = /** @type {{ stdout?: string }} */ (error).stdout;
    if (!listed) throw error;
  }
  const folders = [...new Set(listed.split('\n').filter(Boolean))]
    .map((path) => relative(root, path))
    .filter((path) => path.startsWith(`node_modules${sep}`) && !path.startsWith(join('node_modules', '@enlaza')));
  // A nested package is copied with its parent's folder only when the parent is copied whole: copy
  // each folder without its node_modules, and every listed nested one on its own.
  return folders.sort();
}

/** Copies (or, with --link, hard-links) the file or folder `from` to `to`, leaving out what `skip` says. */
function place(from, to, skip = (/** @type {string} */ _path) => false) {
  if (!values.link) return cpSync(from, to, { recursive: true, filter: (source) => !skip(source) });
  const stat = lstatSync(from);
  if (stat.isDirectory()) {
    mkdirSync(to, { recursive: true, mode: stat.mode });
    for (const name of readdirSync(from)) if (!skip(join(from, name))) place(join(from, name), join(to, name), skip);
  } else if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
  else
    try {
      linkSync(from, to);
    } catch (error) {
      // Another file system: copied after all.
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EXDEV') throw error;
      copyFileSync(from, to);
    }
}

mkdirSync(out, { recursive: true });
if (readdirSync(out).length > 0) {
  console.error(`${out} is not empty`);
  process.exit(1);
}
for (const folder of productionPackages())
  place(join(root, folder), join(out, folder), (source) => relative(join(root, folder), source).split(sep).includes('node_modules'));
mkdirSync(join(out, 'apps/web'), { recursive: true });
place(apiDist, join(out, 'apps/api/dist'));
place(join(root, 'apps/api/drizzle'), join(out, 'apps/api/drizzle'));
place(join(root, 'apps/api/package.json'), join(out, 'apps/api/package.json'));
place(webDist, join(out, 'apps/web/dist'));
place(join(root, 'scripts/container/healthcheck.mjs'), join(out, 'healthcheck.mjs'));
// The root's manifest says the files are ES modules; nothing else of it is needed to run.
writeFileSync(join(out, 'package.json'), `${JSON.stringify({ name: 'enlaza', private: true, type: 'module' }, null, 2)}\n`);
