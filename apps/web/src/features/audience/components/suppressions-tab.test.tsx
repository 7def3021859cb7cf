import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-error';
import { render } from '@/test/render';
import { replaceExports } from '@/test/replace-exports';
import * as addSuppressionApi from '../api/add-suppression';
import * as suppressionsApi from '../api/get-suppressions';
import * as removeSuppressionApi from '../api/remove-suppression';
import { SuppressionsTab } from './suppressions-tab';

const state: { added: string[]; fail: unknown } = { added: [], fail: null };

// An empty list, and an "add" that records the address (and fails when told to).
function fakeServer() {
  replaceExports(suppressionsApi, {
    useSuppressions: () => ({ isPending: false, isError: false, data: { pages: [{ data: [] }] }, hasNextPage: false }),
  });
  replaceExports(removeSuppressionApi, { useRemoveSuppression: () => ({ isPending: false, mutate: () => undefined }) });
  replaceExports(addSuppressionApi, {
    useAddSuppression: () => ({
      isPending: false,
      mutate: (email: string, handlers: { onSuccess: () => void; onError: (e: unknown) => void }) => {
        state.added.push(email);
        if (state.fail) handlers.onError(state.fail);
        else handlers.onSuccess();
      },
    }),
  });
}

const renderTab = () => render(<SuppressionsTab />);

describe('adding an address to the suppression list', () => {
  beforeEach(() => {
    state.added = [];
    state.fail = null;
    fakeServer();
  });

  it('checks the address with the contract, then sends it trimmed and empties the field', async () => {
    await renderTab();
    const input = screen.getByTestId<HTMLInputElement>('suppression-email');
    expect(input.maxLength).toBe(254);
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('suppression-add'));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(state.added).toEqual([]);

    fireEvent.change(input, { target: { value: ' ana@example.com ' } });
    fireEvent.click(screen.getByTestId('suppression-add'));
    expect(state.added).toEqual(['ana@example.com']);
    expect(input.value).toBe('');
  });

  it('shows a refusal of the whole request above the field', async () => {
    state.fail = new ApiError({ message: 'x', status: 0, code: 'network_error' });
    await renderTab();
    fireEvent.change(screen.getByTestId('suppression-email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByTestId('suppression-add'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/connection/i);
  });
});
