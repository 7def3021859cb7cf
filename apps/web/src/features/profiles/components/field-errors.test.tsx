import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-error';
import { render } from '@/test/render';
import { CardFields } from './card-fields';
import { errorsAfterListChange, unplacedErrors } from './field-errors';
import { draftOf, type PhoneDraft } from './profile-draft';
import { useProfileEditor, type ProfileEditor } from './use-profile-editor';

/** A 422 answer as the API sends it for a card. */
const SERVER_ERRORS = {
  'card.firstName': ['This field is required.', 'second message'],
  'card.phones.1.number': ['Enter a valid phone number.'],
  'card.customLinks.0.url': ['Enter a valid address.'],
  'labelIds.2': ['This item does not exist or is not yours.'],
  'card.somethingNew': ['A rule no field shows.'],
};

/** The API's 422 for SERVER_ERRORS. */
const refusal = () =>
  new ApiError({
    message: 'invalid',
    status: 422,
    code: 'validation.failed',
    serverMessage: 'Check the fields.',
    fieldErrors: SERVER_ERRORS,
  });

describe('unplacedErrors / errorsAfterListChange', () => {
  it('lists the messages no field shows', () => {
    expect(unplacedErrors({ 'card.firstName': 'a', color: 'b', labelIds: 'c', kind: 'd', 'card.somethingNew': 'e' })).toEqual(['e']);
  });

  it('drops a list’s row errors when rows move, and only the edited row’s when one is edited', () => {
    const map = { 'card.phones.0.number': 'x', 'card.phones.1.label': 'y', 'card.firstName': 'z' };
    const a: PhoneDraft = { key: 'a', label: '', number: null, valid: true };
    const b: PhoneDraft = { key: 'b', label: '', number: null, valid: true };
    expect(errorsAfterListChange(map, 'card.phones', [a, b], [b, a])).toEqual({ 'card.firstName': 'z' });
    expect(errorsAfterListChange(map, 'card.phones', [a, b], [{ ...a, label: 'Work' }, b])).toEqual({
      'card.phones.1.label': 'y',
      'card.firstName': 'z',
    });
  });
});

let editor: ProfileEditor;
function Harness() {
  const current = useProfileEditor(
    draftOf({
      id: 'p1',
      kind: 'card',
      name: 'Ana',
      photoFileId: null,
      coverFileId: null,
      logoFileId: null,
      theme: { color: '#12b886', layout: 'classic' },
      visibility: 'public',
      contactForm: true,
      wall: false,
      sectionOrder: 'wall-first',
      folderId: null,
      labelIds: [],
      card: {
        firstName: 'Ana',
        lastName: null,
        jobTitle: null,
        company: null,
        bio: null,
        phones: [
          { label: 'Mobile', number: '+34612345678' },
          { label: 'Office', number: '+34912345678' },
        ],
        emails: [],
        website: null,
        address: null,
        socialLinks: [],
        customLinks: [{ label: 'Blog', url: 'https://blog.example' }],
      },
      tag: null,
      publicPath: '/link/ana/p1',
      sharePath: '/link/ana',
      team: null,
      lockedFields: [],
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    }),
  );
  // Hands the editor to the test after each render (to set the server's errors and read the draft).
  useEffect(() => {
    editor = current;
  });
  return <CardFields editor={current} />;
}

describe('CardFields with server errors', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('1;ES;ESP;Spain'))),
    );
  });

  it('shows each 422 message next to its own field, keeps the typed values, and clears one error when its field is edited', async () => {
    await render(<Harness />);
    act(() => editor.setServerError(refusal()));

    const firstName = screen.getByTestId('card-firstName');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required.')).toBeTruthy();
    // The second phone row (named "Phone 2" for screen readers) carries its own message; the first does not.
    expect(screen.getAllByTestId('card-phones-row')[1]!.getAttribute('aria-label')).toBe('Phone 2');
    expect(within(screen.getAllByTestId('card-phones-row')[1]!).getByText('Enter a valid phone number.')).toBeTruthy();
    expect(within(screen.getAllByTestId('card-phones-row')[0]!).queryByText('Enter a valid phone number.')).toBeNull();
    expect(within(screen.getAllByTestId('card-links-row')[0]!).getByText('Enter a valid address.')).toBeTruthy();
    expect(screen.getByDisplayValue('https://blog.example')).toBeTruthy();

    fireEvent.change(firstName, { target: { value: 'Ana María' } });
    expect(screen.queryByText('This field is required.')).toBeNull();
    expect(screen.getByText('Enter a valid phone number.')).toBeTruthy();
    expect(editor.draft.card.firstName).toBe('Ana María');
    // A label's error goes to the labels picker; a path no field has is the general error.
    expect(editor.errorOf('labelIds')).toBe('This item does not exist or is not yours.');
    expect(editor.generalError).toBe('Check the fields.');
  });

  it('takes its required marks, lengths and most rows from the card’s contract', async () => {
    await render(<Harness />);
    const firstName = screen.getByTestId<HTMLInputElement>('card-firstName');
    expect(firstName.maxLength).toBe(80);
    expect(firstName.required).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('card-company').maxLength).toBe(120);
    expect(screen.getByTestId<HTMLInputElement>('card-company').required).toBe(false);
    expect(screen.getByTestId<HTMLTextAreaElement>('card-bio').maxLength).toBe(1000);
    expect(screen.getByTestId<HTMLInputElement>('card-website').maxLength).toBe(500);
    expect(screen.getByTestId('card-phones').textContent).toContain('2 of 5');
  });
});
