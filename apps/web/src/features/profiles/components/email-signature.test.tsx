import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { EmailSignaturePanel } from './email-signature';

const ID = '3f2b6c1e-8d4a-4b7e-9c1d-2a5e6f7a8b9c';
const SIGNATURE = {
  html: '<table><tr><td>Ana García</td></tr></table>',
  text: 'Ana García',
  hostedImages: true,
  cardUrl: 'https://enlaza.example/link/ana/3f2b6c1e',
};

/** A Blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

async function show(signature: object = SIGNATURE, locale: 'en' | 'es' | 'jp' = 'es') {
  const mocked = mockApi((url) => (url.includes('/signature') ? json({ ok: 1, data: signature }) : new Response('', { status: 404 })));
  await render(<EmailSignaturePanel profileId={ID} version="2026-11-27T10:00:00.000Z" />, { locale });
  return mocked;
}

describe('the email signature of a card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for it in the screen’s language, shows it in a frame where no script runs, and says how to add it per mail client', async () => {
    const mocked = await show();
    const frame = await screen.findByTestId('signature-preview');
    expect(mocked.calls[0]?.url).toContain(`/api/profiles/${ID}/signature?locale=es`);
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('title')).toBe('Vista previa de la firma de correo');
    expect(frame.getAttribute('srcdoc')).toContain(SIGNATURE.html);
    expect(screen.getByRole('heading', { name: 'Firma de correo' })).toBeTruthy();
    for (const client of ['Gmail', 'Outlook', 'Apple Mail']) expect(screen.getByRole('button', { name: client })).toBeTruthy();
    expect(screen.queryByTestId('signature-private')).toBeNull();
  });

  it('copies it formatted (HTML and plain text) or as HTML source, and says so; a refused clipboard is explained', async () => {
    const written: ClipboardItem[][] = [];
    const texts: string[] = [];
    class FakeItem {
      constructor(readonly parts: Record<string, Blob>) {}
    }
    vi.stubGlobal('ClipboardItem', FakeItem);
    const clipboard = {
      write: vi.fn(async (items: ClipboardItem[]) => void written.push(items)),
      writeText: vi.fn(async (text: string) => void texts.push(text)),
    };
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    await show(SIGNATURE, 'en');
    fireEvent.click(await screen.findByTestId('signature-copy'));
    await waitFor(() => expect(screen.getByTestId('signature-copy').textContent).toBe('Copied'));
    const parts = (written[0]![0] as unknown as FakeItem).parts;
    expect(Object.keys(parts)).toEqual(['text/html', 'text/plain']);
    expect(await textOf(parts['text/html']!)).toBe(SIGNATURE.html);
    expect(await textOf(parts['text/plain']!)).toBe(SIGNATURE.text);

    fireEvent.click(screen.getByTestId('signature-copy-html'));
    await waitFor(() => expect(texts).toEqual([SIGNATURE.html]));

    clipboard.write.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByTestId('signature-copy'));
    expect((await screen.findByTestId('signature-copy-failed')).textContent).toContain('could not be copied');
  });

  it('of a private card says why it shows no photo or link', async () => {
    await show({ ...SIGNATURE, cardUrl: null, hostedImages: false }, 'jp');
    expect((await screen.findByTestId('signature-private')).textContent).toContain('非公開');
  });
});
