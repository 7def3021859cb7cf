// docs/testing.md's figures are replaced between their markers and nowhere else (run by `npm run lint`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { END, replaceFigures, START } from './replace-figures.mjs';

test('the figures between the markers are replaced, the text around them kept', () => {
  const text = `# Testing\n\nbefore\n${START}\n| old | table |\n${END}\nafter\n`;
  assert.equal(replaceFigures(text, '| new | table |\n'), `# Testing\n\nbefore\n${START}\n| new | table |\n${END}\nafter\n`);
});

test('a document without the markers is refused, not appended to', () => {
  assert.throws(() => replaceFigures('# Testing\n', '| new |'), /markers/);
  assert.throws(() => replaceFigures(`${END}\n${START}\n`, '| new |'), /markers/);
});
