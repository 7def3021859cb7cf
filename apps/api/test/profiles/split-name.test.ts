import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../src/modules/profiles/split-name.js';

describe('splitting a full name into given and family names, as Spanish speakers write them', () => {
  it.each([
    // Two family names: the father's and the mother's.
    ['Lucía Fernández Ruiz', 'Lucía', 'Fernández Ruiz', true],
    ['María José Núñez García', 'María José', 'Núñez García', false],
    ['Ana Belén García López', 'Ana Belén', 'García López', false],
    // A usual two-word given name with one family name.
    ['María José Núñez', 'María José', 'Núñez', true],
    // Particles open the family names; "y" joins two.
    ['Juan de la Cruz', 'Juan', 'de la Cruz', false],
    ['Lucía Fernández de la Vega', 'Lucía', 'Fernández de la Vega', true],
    ['María José de la Cruz', 'María José', 'de la Cruz', true],
    ['Pedro del Río Sanz', 'Pedro', 'del Río Sanz', false],
    ['José Ortega y Gasset', 'José', 'Ortega y Gasset', false],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven', false],
    // One and two words.
    ['Cher', 'Cher', null, false],
    ['Jean-Luc Picard', 'Jean-Luc', 'Picard', false],
    ['  Ana   Pérez ', 'Ana', 'Pérez', false],
  ])('%s', (full, firstName, lastName, ambiguous) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName, ambiguous });
  });
});
