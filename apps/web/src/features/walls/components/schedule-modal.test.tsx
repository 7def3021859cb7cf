import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { WallPost } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { ScheduleModal } from './schedule-modal';

const post: WallPost = {
  id: 'post-1',
  profileId: 'profile-1',
  title: 'Opening hours',
  bodyHtml: '<p>Hi</p>',
  imageFileId: null,
  linkUrl: null,
  pinned: false,
  status: 'draft',
  scheduledAt: '2031-05-01T08:30:00.000Z',
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

async function setup(answer: (body: Record<string, string>) => Response) {
  const mocked = mockApi((url, init) =>
    init?.method === 'POST' ? answer(JSON.parse(init.body as string) as Record<string, string>) : new Response('', { status: 404 }),
  );
  const onClose = vi.fn();
  await render(<ScheduleModal post={post} timeZone="Europe/Madrid" onClose={onClose} />);
  const input = await screen.findByTestId<HTMLInputElement>('post-schedule-at');
  const save = () => fireEvent.click(screen.getByTestId('post-schedule-save'));
  const posts = () => mocked.calls.filter((call) => call.init?.method === 'POST');
  return { input, save, posts, onClose };
}

describe('scheduling a post', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the time typed in the user’s zone as an instant', async () => {
    const { input, save, posts, onClose } = await setup(() => json({ ok: 1, data: { ...post, status: 'scheduled' } }));
    expect(input.value).toBe('2031-05-01T10:30');
    fireEvent.change(input, { target: { value: '2031-06-01T09:00' } });
    save();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = JSON.parse(posts()[0]!.init?.body as string) as { action: string; at: string };
    expect(body.action).toBe('schedule');
    expect(new Date(body.at).toISOString()).toBe('2031-06-01T07:00:00.000Z');
  });

  it('asks for a date and time when there is none', async () => {
    const { input, save, posts } = await setup(() => json({ ok: 1, data: post }));
    fireEvent.change(input, { target: { value: '' } });
    save();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('shows the server’s refusal of a past time on the field', async () => {
    const { input, save } = await setup(() =>
      json({ ok: 0, code: 'validation.failed', message: 'Not valid.', errors: { at: ['Choose a date and time in the future.'] } }, 422),
    );
    save();
    expect(await screen.findByText('Choose a date and time in the future.')).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });
});
