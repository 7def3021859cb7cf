import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');

describe('every setting the API reads is documented', () => {
  const settings = Object.keys(envSchema.shape);

  it('has a line in .env.example', () => {
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(settings.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('has a row in the settings tables of docs/configuration.md', () => {
    const doc = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');
    // A row's first cell names one setting or several (`PORT`, `HOST`).
    const firstCells = [...doc.matchAll(/^\|([^|\n]+)\|/gm)].map((m) => m[1]!);
    const documented = new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])));
    expect(settings.filter((name) => !documented.has(name))).toEqual([]);
  });
});
