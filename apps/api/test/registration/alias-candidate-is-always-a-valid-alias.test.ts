import { aliasFromName } from '@enlaza/contracts';
import { describe, expect, it } from 'vitest';
import { ALIAS_PATTERN, aliasCandidate, firstFreeAlias } from '../../src/modules/registration/alias.js';

describe('the alias the API makes from a name', () => {
  it('is the shared suggestion of the forms when that one is long enough', () => {
    expect(aliasCandidate('José Pérez Núñez')).toBe(aliasFromName('José Pérez Núñez'));
    expect(aliasCandidate('José Pérez Núñez')).toBe('jose-perez-nunez');
  });

  it('is filled up to a valid alias when the name gives fewer than 3 characters', () => {
    expect(aliasCandidate('')).toBe('user-card');
    expect(aliasCandidate('¿?')).toBe('user-card');
    expect(aliasCandidate('Jo')).toBe('jo-card');
    for (const name of ['', 'a', 'Jo', '日本', 'Bartholomew Montgomery-Fitzwilliam Junior'])
      expect(aliasCandidate(name)).toMatch(ALIAS_PATTERN);
  });

  it('stays valid when a number is added to free it', () => {
    const base = aliasCandidate('Bartholomew Montgomery-Fitzwilliam Junior');
    expect(firstFreeAlias(base, new Set([base]))).toMatch(ALIAS_PATTERN);
  });
});
