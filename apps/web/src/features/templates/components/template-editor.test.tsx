import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-error';
import { render } from '@/test/render';
import { replaceExports } from '@/test/replace-exports';
import * as previewApi from '../api/preview-template';
import * as saveApi from '../api/save-template';
import * as sendTestApi from '../api/send-test';
import { TemplateEditor } from './template-editor';

const state: { saves: unknown[]; fail: unknown } = { saves: [], fail: null };

// The preview the server renders, and a save that records its body (and fails when told to).
function fakeServer() {
  replaceExports(previewApi, { previewTemplate: () => Promise.resolve({ subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' }) });
  replaceExports(sendTestApi, { useSendTest: () => ({ isPending: false, mutate: () => undefined }) });
  replaceExports(saveApi, {
    useSaveTemplate: () => ({
      isPending: false,
      error: state.fail,
      mutate: (body: unknown, handlers: { onSuccess: (t: unknown) => void; onError: (e: unknown) => void }) => {
        state.saves.push(body);
        if (state.fail) handlers.onError(state.fail);
        else handlers.onSuccess({ id: 't1', name: 'News' });
      },
    }),
  });
}

const renderEditor = () => render(<TemplateEditor template={null} onSaved={() => undefined} onClose={() => undefined} />);

describe('the template editor', () => {
  beforeEach(() => {
    state.saves = [];
    state.fail = null;
    fakeServer();
  });

  it('takes the name’s and subject’s limits from the contract and asks for both before saving', async () => {
    await renderEditor();
    const name = screen.getByTestId<HTMLInputElement>('template-name');
    const subject = screen.getByTestId<HTMLInputElement>('template-subject');
    expect([name.maxLength, subject.maxLength]).toEqual([120, 200]);
    fireEvent.click(screen.getByTestId('template-save'));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(document.activeElement).toBe(name);
    expect(state.saves).toEqual([]);
  });

  it('names an unknown merge field above the form and under the subject that holds it', async () => {
    state.fail = new ApiError({
      message: 'Unknown field',
      status: 422,
      code: 'template.unknown_field',
      fieldErrors: { subject: ['{{apellido}} is not a merge field.'] },
      serverMessage: '{{apellido}} is not a merge field. Use {{nombre}}.',
    });
    await renderEditor();
    fireEvent.change(screen.getByTestId('template-name'), { target: { value: 'News' } });
    fireEvent.change(screen.getByTestId('template-subject'), { target: { value: 'Hi {{apellido}}' } });
    fireEvent.click(screen.getByTestId('template-save'));
    expect((await screen.findByTestId('template-error')).textContent).toContain('{{apellido}}');
    expect(screen.getByText('{{apellido}} is not a merge field.')).toBeTruthy();
    expect(state.saves).toEqual([{ id: null, input: { name: 'News', subject: 'Hi {{apellido}}', bodyHtml: '' } }]);
  });
});
