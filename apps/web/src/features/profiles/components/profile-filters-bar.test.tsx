import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { render } from '@/test/render';
import { ProfileFiltersBar } from './profile-filters-bar';
import { useProfileFilters } from './use-profile-filters';

function Harness() {
  const { filters, update } = useProfileFilters();
  const location = useLocation();
  return (
    <>
      <ProfileFiltersBar filters={filters} update={update} folders={[]} labels={[]} />
      <output data-testid="url">{location.search}</output>
    </>
  );
}

const renderBar = (url = '/user/perfiles') => render(<Harness />, { route: url });
const box = () => screen.getByTestId<HTMLInputElement>('profiles-search');
const url = () => screen.getByTestId('url').textContent;

describe('ProfileFiltersBar search', () => {
  it('writes the trimmed text to the URL but keeps the space being typed', async () => {
    await renderBar();
    fireEvent.change(box(), { target: { value: 'ana ' } });
    await waitFor(() => expect(url()).toBe('?search=ana'));
    // Give a stale sync a chance to run: the box must still hold the trailing space.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(box().value).toBe('ana ');
    fireEvent.change(box(), { target: { value: 'ana lo' } });
    await waitFor(() => expect(url()).toBe('?search=ana+lo'));
    expect(box().value).toBe('ana lo');
  });

  it('shows the URL value when it changes from outside (clear filters)', async () => {
    await renderBar('/user/perfiles?search=bob');
    expect(box().value).toBe('bob');
    fireEvent.click(screen.getByTestId('profiles-clear-filters'));
    await waitFor(() => expect(box().value).toBe(''));
    expect(url()).toBe('');
  });

  it('hints at a tag’s name in the tags search, not at a card’s title or company', async () => {
    await render(
      <ProfileFiltersBar
        filters={{ search: '', folderId: undefined, labelId: undefined, sort: 'updatedAt', dir: 'desc', page: 1 }}
        update={() => undefined}
        folders={[]}
        labels={[]}
        kind="tag"
      />,
      { route: '/' },
    );
    expect(box().placeholder).toBe('Tag name: Luna, keys…');
    expect(box().placeholder).not.toMatch(/title|company/i);
  });
});
