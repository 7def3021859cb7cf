import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Collection } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { CollectionModal } from './collection-modal';

async function setup(answer: (body: Record<string, string>) => Response) {
  const mocked = mockApi((url, init) =>
    init?.method === 'POST' ? answer(JSON.parse(init.body as string) as Record<string, string>) : new Response('', { status: 404 }),
  );
  const onSaved = vi.fn();
  await render(<CollectionModal type="folders" kind="card" editing="new" onClose={() => undefined} onSaved={onSaved} />);
  const name = await screen.findByTestId<HTMLInputElement>('collection-name');
  const color = screen.getByTestId<HTMLInputElement>('collection-color');
  const submit = () => fireEvent.click(screen.getByTestId('collection-submit'));
  const posts = () => mocked.calls.filter((call) => call.init?.method === 'POST');
  return { name, color, submit, posts, onSaved };
}

describe('creating a folder', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a name and a colour as the contract does, with its length limit', async () => {
    const { name, color, submit, posts } = await setup(() => json({ ok: 1, data: {} }));
    expect(name.maxLength).toBe(60);
    expect(name.required && color.required).toBe(true);
    fireEvent.change(color, { target: { value: 'red' } });
    submit();
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    expect(screen.getByText('Choose a colour such as #12b886.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(posts()).toHaveLength(0);
  });

  it('sends the kind with the trimmed name and the colour', async () => {
    const saved: Collection = { id: 'f1', kind: 'card', name: 'Clients', color: '#12b886', profiles: 0 };
    const { name, submit, posts, onSaved } = await setup(() => json({ ok: 1, data: saved }));
    fireEvent.change(name, { target: { value: '  Clients ' } });
    submit();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, true));
    expect(JSON.parse(posts()[0]!.init?.body as string)).toMatchObject({ kind: 'card', name: 'Clients' });
  });

  it('shows a name already used on the name field', async () => {
    const { name, submit } = await setup(() =>
      json({ ok: 0, code: 'collection.name_taken', message: 'Taken.', errors: { name: ['You already have one with this name.'] } }, 409),
    );
    fireEvent.change(name, { target: { value: 'Clients' } });
    submit();
    expect(await screen.findByText('You already have one with this name.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
  });
});
