import { describe, expect, it } from 'vitest';
import { readPeople } from './csv-rows';

describe('the people of an invitations CSV, as the preview reads them', () => {
  it('reads name, email, job title and phone in that order when the first line is a person', () => {
    const people = readPeople('Ana García,ANA@acme.example,Sales,+34600111222\nLuis Pérez,luis@acme.example,,\n');
    expect(people).toEqual([
      { line: 1, name: 'Ana García', email: 'ana@acme.example', jobTitle: 'Sales', phone: '+34600111222', problem: null },
      { line: 2, name: 'Luis Pérez', email: 'luis@acme.example', jobTitle: '', phone: '', problem: null },
    ]);
  });

  it('skips a header row and follows its columns, in any order and in Spanish too, separated by semicolons', () => {
    const people = readPeople('\uFEFFcorreo;nombre;teléfono;cargo\r\nana@acme.example;Ana;+34600111222;Ventas\r\n');
    expect(people).toEqual([{ line: 2, name: 'Ana', email: 'ana@acme.example', jobTitle: 'Ventas', phone: '+34600111222', problem: null }]);
  });

  it('keeps quoted commas and quotes, and leaves out empty lines', () => {
    const people = readPeople('name,email,title\n"Smith, ""Jo""",jo@acme.example,"Head of sales, north"\n\n');
    expect(people).toEqual([
      { line: 2, name: 'Smith, "Jo"', email: 'jo@acme.example', jobTitle: 'Head of sales, north', phone: '', problem: null },
    ]);
  });

  it('marks what the server will refuse: no name, or no email address', () => {
    const people = readPeople('Ana,ana@acme.example\n,luis@acme.example\nMarta,marta-at-acme\n');
    expect(people.map((p) => p.problem)).toEqual([null, 'name', 'email']);
  });

  it('reads nothing from an empty text', () => {
    expect(readPeople('')).toEqual([]);
    expect(readPeople('\n  \n')).toEqual([]);
  });
});
