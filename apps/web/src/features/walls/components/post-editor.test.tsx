import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WallPost } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { PostEditor } from './post-editor';

const PROFILE = '3b7f0c3e-8a51-4f0e-9d6b-1c2a3e4f5a6b';
const saved: WallPost = {
  id: 'post-1',
  profileId: PROFILE,
  title: 'Opening hours',
  bodyHtml: '',
  imageFileId: null,
  linkUrl: 'https://example.com',
  pinned: false,
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

async function setup(answer: () => Response) {
  const mocked = mockApi((url, init) => (init?.method === 'POST' ? answer() : new Response('', { status: 404 })));
  const onClose = vi.fn();
  await render(<PostEditor profileId={PROFILE} post={null} opened onClose={onClose} />);
  const title = await screen.findByTestId<HTMLInputElement>('post-title');
  await waitFor(() => expect(document.activeElement).toBe(title));
  const link = screen.getByTestId<HTMLInputElement>('post-link');
  const save = () => fireEvent.click(screen.getByTestId('post-save'));
  const posts = () => mocked.calls.filter((call) => call.init?.method === 'POST');
  return { title, link, save, posts, onClose };
}

describe('writing a wall post', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the title’s and link’s limits from the contract and checks them before sending', async () => {
    const { title, link, save, posts } = await setup(() => json({ ok: 1, data: saved }));
    expect([title.maxLength, link.maxLength]).toEqual([160, 500]);
    expect(title.required).toBe(true);
    fireEvent.change(link, { target: { value: 'not a web address' } });
    save();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a web address such as example.com or https://example.com.')).toBeTruthy();
    expect(document.activeElement).toBe(title);
    expect(posts()).toHaveLength(0);
  });

  it('sends the post for its profile, the link with its scheme', async () => {
    const { title, link, save, posts, onClose } = await setup(() => json({ ok: 1, data: saved }));
    fireEvent.change(title, { target: { value: 'Opening hours' } });
    fireEvent.change(link, { target: { value: ' example.com ' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(posts()[0]!.init?.body as string)).toMatchObject({
      profileId: PROFILE,
      title: 'Opening hours',
      linkUrl: 'https://example.com',
      pinned: false,
    });
  });
});
