import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../src/modules/profiles/split-name.js';

describe('splitting a full name into given and family names', () => {
  it.each([
    ['María José Núñez', 'María José', 'Núñez'],
    ['Cher', 'Cher', null],
    ['Jean-Luc Picard', 'Jean-Luc', 'Picard'],
    ['  Ana   Pérez ', 'Ana', 'Pérez'],
    ['María José Núñez García', 'María José', 'Núñez García'],
    ['Juan de la Cruz', 'Juan', 'de la Cruz'],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
  ])('%s', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName });
  });
});
