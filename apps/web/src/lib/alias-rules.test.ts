import { describe, expect, it } from 'vitest';
import { aliasFromName } from '@enlaza/contracts';
import { aliasFeedback } from './alias-rules';

describe('aliasFromName', () => {
  it('turns a name into lowercase ASCII words joined by hyphens', () => {
    expect(aliasFromName('José Pérez Núñez')).toBe('jose-perez-nunez');
    expect(aliasFromName('  Ana & Co. S.L.  ')).toBe('ana-co-s-l');
    expect(aliasFromName('')).toBe('');
  });

  it('keeps at most 30 characters without a trailing hyphen', () => {
    const alias = aliasFromName('Bartholomew Montgomery-Fitzwilliam Junior');
    expect(alias.length).toBeLessThanOrEqual(30);
    expect(alias.endsWith('-')).toBe(false);
  });
});

describe('aliasFeedback', () => {
  const check = (alias: string, valid: boolean, available: boolean, suggestion = alias) => ({ alias, valid, available, suggestion });

  it('says "checking" while the answer is for another value', () => {
    expect(aliasFeedback('ana-lopez', check('ana-lope', true, true))).toEqual({ state: 'checking' });
    expect(aliasFeedback('ana-lopez', undefined)).toEqual({ state: 'checking' });
  });

  it('flags a malformed alias at once, without waiting for the server', () => {
    expect(aliasFeedback('AB', undefined)).toEqual({ state: 'invalid', suggestion: null });
  });

  it('offers the suggestion when the alias is taken', () => {
    expect(aliasFeedback('demo', check('demo', true, false, 'demo-2'))).toEqual({ state: 'taken', suggestion: 'demo-2' });
  });

  it('is available when the server says so for the typed value (case and spaces ignored)', () => {
    expect(aliasFeedback(' Ana-Lopez ', check('ana-lopez', true, true))).toEqual({ state: 'available' });
  });

  it('is empty for an empty field', () => {
    expect(aliasFeedback('  ', undefined)).toEqual({ state: 'empty' });
  });
});
