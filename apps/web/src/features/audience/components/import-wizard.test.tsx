import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContactField, ContactImportResult } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { ImportReport, ImportWizard } from './import-wizard';

const CITY = '00000000-0000-4000-8000-00000000f001';
const AGE = '00000000-0000-4000-8000-00000000f002';
const field = (id: string, name: string, type: ContactField['type']): ContactField => ({
  id,
  name,
  type,
  choices: [],
  onForm: false,
  filled: 0,
  createdAt: '2026-11-01T09:00:00.000Z',
});
const CSV = 'email,name,city,age\nana@example.com,Ana,Madrid,34\nbea@example.com,Bea,Sevilla,old\n';
const RESULT: ContactImportResult = {
  list: { id: '00000000-0000-4000-8000-00000000a001', name: 'leads', contacts: 2, createdAt: '2026-11-01T09:00:00.000Z' },
  imported: 2,
  duplicates: 0,
  errors: [{ line: 3, code: 'invalid_field', value: 'Age: old' }],
  invalidRows: 0,
  confirmationsSent: 0,
};

const server = { imported: [] as unknown[] };

// Two contact fields; the preview of the CSV above (a header, email and name guessed); an import.
function fakeServer() {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'csrf-test';
  document.head.append(meta);
  mockApi((url, init) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/audience/fields') return json({ ok: 1, data: [field(CITY, 'City', 'text'), field(AGE, 'Age', 'number')] });
    if (pathname === '/api/audience/lists/preview')
      return json({
        ok: 1,
        data: {
          delimiter: ',',
          rows: CSV.trim()
            .split('\n')
            .map((line) => line.split(',')),
          columns: 4,
          totalRows: 3,
          headerGuess: true,
          emailColumn: 0,
          nameColumn: 1,
        },
      });
    server.imported.push(JSON.parse(init!.body as string));
    return json({ ok: 1, data: RESULT }, 201);
  });
}

describe('the CSV import', () => {
  beforeEach(() => {
    server.imported = [];
    fakeServer();
  });

  it('maps the other columns to contact fields (or leaves them out) and posts them as fieldColumns', async () => {
    await render(<ImportWizard onDone={() => undefined} onCancel={() => undefined} />);
    const input = screen.getByTestId('import-wizard').querySelector<HTMLInputElement>('input[type="file"]')!;
    // jsdom's File cannot read itself: its text is given.
    const file = Object.assign(new File([CSV], 'leads.csv', { type: 'text/csv' }), { text: () => Promise.resolve(CSV) });
    fireEvent.change(input, { target: { files: [file] } });
    const city = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Column 3: city' });
    const age = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Column 4: age' });
    // The email's and the name's columns are not offered again.
    expect(screen.queryByTestId('import-field-column-0')).toBeNull();
    expect(screen.queryByTestId('import-field-column-1')).toBeNull();
    expect([...city.options].map((o) => o.textContent)).toEqual(['Do not import', 'City (Text)', 'Age (Number)']);
    expect(age.value).toBe('');
    fireEvent.change(city, { target: { value: CITY } });
    fireEvent.click(screen.getByTestId('import-consent'));
    fireEvent.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(server.imported).toHaveLength(1));
    expect(server.imported[0]).toMatchObject({ emailColumn: 0, nameColumn: 1, fieldColumns: [{ column: 2, fieldId: CITY }] });
  });

  it('reports the cells that did not fit their field, though their contact was imported', async () => {
    await render(<ImportReport result={RESULT} onClose={() => undefined} />);
    const report = screen.getByTestId('import-report');
    expect(within(report).getByTestId('import-imported').textContent).toBe('2 contacts added.');
    expect(within(report).getByTestId('import-bad-rows').textContent).toBe('Line 3: Age: old was left out (it does not fit the field).');
  });
});
