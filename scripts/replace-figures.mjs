#!/usr/bin/env node
// Puts a run's figures into docs/testing.md, so they are a run's and never typed by hand:
//
//   node scripts/test.mjs --report <dir> --markdown | node scripts/replace-figures.mjs [docs/testing.md]
//
// Replaces what stands between the figures markers with standard input.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const START = '<!-- figures:start -->';
export const END = '<!-- figures:end -->';

/** `text` with `block` between its markers in place of what stood there; throws when the markers are missing. */
export function replaceFigures(/** @type {string} */ text, /** @type {string} */ block) {
  const start = text.indexOf(START);
  const end = text.indexOf(END, start);
  if (start === -1 || end === -1) throw new Error(`the markers ${START} … ${END} are missing`);
  return `${text.slice(0, start + START.length)}\n${block.trim()}\n${text.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? 'docs/testing.md';
  const block = readFileSync(0, 'utf8');
  if (!block.trim()) {
    console.error('replace-figures: nothing on standard input (pipe `node scripts/test.mjs --report <dir> --markdown` into it)');
    process.exit(2);
  }
  writeFileSync(file, replaceFigures(readFileSync(file, 'utf8'), block));
  console.log(`replace-figures: ${file} holds the run's figures`);
}
