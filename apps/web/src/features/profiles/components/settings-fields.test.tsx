import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import type { ProfileKind } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { inputOf, newDraft, type ProfileDraft } from './profile-draft';
import { SettingsFields } from './settings-fields';
import { useProfileEditor, type ProfileEditor } from './use-profile-editor';

let editor: ProfileEditor;
function Harness({ initial }: { initial: ProfileDraft }) {
  const current = useProfileEditor(initial);
  useEffect(() => {
    editor = current;
  });
  return <SettingsFields editor={current} />;
}

async function setup(kind: ProfileKind, patch: Partial<ProfileDraft> = {}) {
  // The folder and label pickers' lists.
  mockApi(() => json({ ok: 1, data: [] }));
  await render(<Harness initial={{ ...newDraft(kind), ...patch }} />);
}

const option = (label: string) => screen.getByRole<HTMLInputElement>('radio', { name: label });

describe('the editor’s order of the public page’s sections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers posts first (the default) or the form first when the page has both, and sends the choice', async () => {
    await setup('card', { wall: true });
    expect(screen.getByText('Order on the public page')).toBeTruthy();
    expect(screen.getByText('What visitors find first under the card.')).toBeTruthy();
    expect(option('Posts, then the form').checked).toBe(true);
    expect(inputOf(editor.draft).sectionOrder).toBe('wall-first');

    fireEvent.click(option('Form, then the posts'));
    expect(option('Form, then the posts').checked).toBe(true);
    expect(editor.draft.sectionOrder).toBe('form-first');
    expect(inputOf(editor.draft).sectionOrder).toBe('form-first');
  });

  it('is no choice without the wall or without the contact form; the order chosen is kept', async () => {
    await setup('card', { wall: true, sectionOrder: 'form-first' });
    fireEvent.click(screen.getByTestId('profile-wall'));
    expect(screen.queryByTestId('profile-section-order')).toBeNull();
    fireEvent.click(screen.getByTestId('profile-wall'));
    fireEvent.click(screen.getByTestId('profile-contact-form'));
    expect(screen.queryByTestId('profile-section-order')).toBeNull();
    fireEvent.click(screen.getByTestId('profile-contact-form'));
    expect(option('Form, then the posts').checked).toBe(true);
    expect(inputOf(editor.draft).sectionOrder).toBe('form-first');
  });

  it('tells a tag’s owner that a lost tag shows its form first', async () => {
    await setup('tag', { wall: true });
    expect(screen.getByText(/While the tag is lost, the form always comes first/)).toBeTruthy();
  });
});
