import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { CloudFile } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { RenameModal } from './rename-modal';

const file: CloudFile = {
  id: 'file-1',
  name: 'photo.png',
  mimeType: 'image/png',
  kind: 'image',
  sizeBytes: 1000,
  width: 10,
  height: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  url: '/api/files/file-1/content?sig=x',
};

async function setup(answer: (body: { name: string }) => Response) {
  const mocked = mockApi((url, init) =>
    init?.method === 'PATCH' ? answer(JSON.parse(init.body as string) as { name: string }) : new Response('', { status: 404 }),
  );
  const onClose = vi.fn();
  await render(<RenameModal file={file} onClose={onClose} />);
  const input = await screen.findByTestId<HTMLInputElement>('cloud-rename-input');
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const save = () => fireEvent.click(screen.getByTestId('cloud-rename-save'));
  const patches = () => mocked.calls.filter((call) => call.init?.method === 'PATCH');
  return { input, type, save, patches, onClose };
}

describe('renaming a file', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty name and a path, with the limit of the contract', async () => {
    const { input, type, save, patches } = await setup(() => json({ ok: 1, data: file }));
    expect(input.maxLength).toBe(200);
    type('   ');
    save();
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    type('a/b.png');
    save();
    expect(screen.getByText('A name cannot contain / or \\.')).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });

  it('sends the trimmed name and closes', async () => {
    const { type, save, patches, onClose } = await setup(({ name }) => json({ ok: 1, data: { ...file, name } }));
    type('  holiday.png ');
    save();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(patches()[0]!.init?.body as string)).toEqual({ name: 'holiday.png' });
  });

  it("shows the server's refusal of the name on the field", async () => {
    const { input, type, save } = await setup(() =>
      json({ ok: 0, code: 'validation.failed', message: 'Not valid.', errors: { name: ['This value has the wrong format.'] } }, 422),
    );
    type('holiday.png');
    save();
    expect(await screen.findByText('This value has the wrong format.')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
