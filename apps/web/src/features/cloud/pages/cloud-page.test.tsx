import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CloudFile, FileUse } from '@enlaza/contracts';
import { NotificationHost } from '@/components/notifications';
import { json, mockApi, type MockedCall } from '@/test/mock-api';
import { render } from '@/test/render';
import CloudPage from './cloud-page';

const file = (id: string, name: string, mimeType = 'image/png'): CloudFile => ({
  id,
  name,
  mimeType,
  kind: mimeType === 'application/pdf' ? 'pdf' : 'image',
  sizeBytes: 2048,
  width: null,
  height: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  url: `/api/files/${id}/content?exp=1&sig=x`,
});
const PHOTO = file('f-photo', 'photo.png');
const NOTES = file('f-notes', 'notes.pdf', 'application/pdf');
/** The photo is a tag's photo and a card's photo and cover; the notes are used nowhere. */
const USES: FileUse[] = [
  { fileId: PHOTO.id, kind: 'tag', id: 't1', name: 'Rex', role: 'photo', href: '/user/tamys/t1' },
  { fileId: PHOTO.id, kind: 'card', id: 'c1', name: 'Ana', role: 'photo', href: '/user/perfiles/c1' },
  { fileId: PHOTO.id, kind: 'card', id: 'c1', name: 'Ana', role: 'cover', href: '/user/perfiles/c1' },
];

/** The server: which files are in the trash, and the calls that changed it. */
let trashed: Set<string>;
let calls: MockedCall[];
const bodyOf = (call: MockedCall) => JSON.parse(call.init?.body as string) as { ids: string[]; confirm: boolean };
const trashCalls = () => calls.filter((c) => c.url === '/api/files/trash').map(bodyOf);
const restoreCalls = () => calls.filter((c) => c.url.endsWith('/restore')).map((c) => c.url);

async function renderPage() {
  return await render(
    <>
      <CloudPage />
      <NotificationHost />
    </>,
    { path: '/user/nube', routes: [{ path: '*', element: <p>elsewhere</p> }] },
  );
}

async function trashFromMenu(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByTestId('cloud-delete'));
}

describe('CloudPage: moving files to the trash', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
    trashed = new Set();
    ({ calls } = mockApi(async (input, init) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/files/usage') return json({ ok: 1, data: { usedBytes: 4096, limitBytes: 1e8, maxFileBytes: 1e7 } });
      if (url.pathname === '/api/files' && method === 'GET') {
        const inTrash = url.searchParams.get('trash') === 'true';
        const data = [PHOTO, NOTES]
          .filter((f) => trashed.has(f.id) === inTrash)
          .map((f) => ({ ...f, deletedAt: inTrash ? '2026-02-01T00:00:00.000Z' : null }));
        return json({ ok: 1, data, meta: { page: 1, pageSize: 24, total: data.length } });
      }
      if (url.pathname === '/api/files/uses') {
        const ids = url.searchParams.get('ids')!.split(',');
        return json({ ok: 1, data: USES.filter((u) => ids.includes(u.fileId)) });
      }
      if (url.pathname === '/api/files/trash') {
        const { ids, confirm } = JSON.parse(init?.body as string) as { ids: string[]; confirm: boolean };
        if (!confirm && USES.some((u) => ids.includes(u.fileId) && !trashed.has(u.fileId)))
          return json({ ok: 0, code: 'file.in_use', message: 'This file is in use.' }, 409);
        ids.forEach((id) => trashed.add(id));
        const data = [PHOTO, NOTES].filter((f) => ids.includes(f.id)).map((f) => ({ ...f, deletedAt: '2026-02-01T00:00:00.000Z' }));
        return json({ ok: 1, data });
      }
      const restore = /^\/api\/trash\/file\/([^/]+)\/restore$/.exec(url.pathname);
      if (restore && method === 'POST') {
        trashed.delete(restore[1]!);
        return json({ ok: 1, data: { kind: 'file', id: restore[1]! } });
      }
      return json({ ok: 0, code: 'request.not_found', message: 'Not found' }, 404);
    }));
  });

  it('lists where a file in use is used, and Cancel keeps it', async () => {
    await renderPage();
    await trashFromMenu('photo.png');
    const dialog = await screen.findByRole('dialog', { name: 'Move “photo.png” to the trash?' });
    expect(within(dialog).getByText('Used in 2 places:')).toBeTruthy();
    const places = within(dialog).getAllByTestId('cloud-in-use-place');
    expect(places.map((p) => p.textContent)).toEqual(['Tag Rex (photo)', 'Card Ana (photo, cover)']);
    expect(within(dialog).getByRole('link', { name: 'Rex' }).getAttribute('href')).toBe('/user/tamys/t1');
    expect(within(dialog).getByRole('link', { name: 'Ana' }).getAttribute('href')).toBe('/user/perfiles/c1');
    expect(document.activeElement).toBe(within(dialog).getByTestId('cloud-in-use-cancel'));

    fireEvent.click(within(dialog).getByTestId('cloud-in-use-cancel'));
    await vi.waitFor(() => expect(screen.queryByTestId('cloud-in-use-dialog')).toBeNull());
    expect(trashCalls()).toEqual([{ ids: [PHOTO.id], confirm: false }]);
    expect(trashed.size).toBe(0);
  });

  it('moves it to the trash once confirmed, and Undo brings it back', async () => {
    await renderPage();
    await trashFromMenu('photo.png');
    fireEvent.click(await screen.findByTestId('cloud-in-use-confirm'));
    const notice = await screen.findByText('“photo.png” moved to the trash.');
    expect(trashCalls()).toEqual([
      { ids: [PHOTO.id], confirm: false },
      { ids: [PHOTO.id], confirm: true },
    ]);
    expect([...trashed]).toEqual([PHOTO.id]);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Actions for photo.png' })).toBeNull());

    fireEvent.click(within(notice.closest<HTMLElement>('[data-testid="notification-success"]')!).getByTestId('notification-action'));
    await vi.waitFor(() => expect(restoreCalls()).toEqual([`/api/trash/file/${PHOTO.id}/restore`]));
    expect(trashed.size).toBe(0);
    expect(await screen.findByRole('button', { name: 'Actions for photo.png' })).toBeTruthy();
  });

  it('moves a file nobody uses at once, with Undo', async () => {
    await renderPage();
    await trashFromMenu('notes.pdf');
    expect(await screen.findByText('“notes.pdf” moved to the trash.')).toBeTruthy();
    expect(screen.queryByTestId('cloud-in-use-dialog')).toBeNull();
    expect(trashCalls()).toEqual([{ ids: [NOTES.id], confirm: false }]);
  });

  it('in the list view, trashes the selected files together: asks about the one in use, then offers Undo for both', async () => {
    await renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'List' }));
    // The list is a table on wide screens and cards on phones (one of them hidden by CSS): the table's boxes.
    const table = within(await screen.findByRole('table'));
    for (const name of ['photo.png', 'notes.pdf']) fireEvent.click(await table.findByRole('checkbox', { name: `Select ${name}` }));
    expect(screen.getByTestId('cloud-bulk-count').textContent).toBe('2 files selected');
    fireEvent.click(screen.getByTestId('cloud-bulk-trash'));

    const dialog = await screen.findByRole('dialog', { name: 'Move 2 files to the trash?' });
    expect(
      within(dialog)
        .getAllByTestId('cloud-in-use-file')
        .map((f) => f.querySelector('p')?.textContent),
    ).toEqual(['“photo.png” is used in 2 places:']);
    fireEvent.click(within(dialog).getByTestId('cloud-in-use-confirm'));
    const notice = await screen.findByText('2 files moved to the trash.');
    expect(trashCalls().at(-1)).toEqual({ ids: [PHOTO.id, NOTES.id], confirm: true });
    expect(screen.queryByTestId('cloud-bulk-bar')).toBeNull();

    fireEvent.click(within(notice.closest<HTMLElement>('[data-testid="notification-success"]')!).getByTestId('notification-action'));
    await vi.waitFor(() => expect(restoreCalls()).toHaveLength(2));
    expect(trashed.size).toBe(0);
  });
});
