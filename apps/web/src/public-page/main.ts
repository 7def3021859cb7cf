import './page.css';
import { initContactForm } from './contact-form';
import { apiBase, postJson, readPageData, text, type PageData } from './page-data';

/** Counts a click on one of the card's links; best effort, never delays the navigation. */
function initClickCounting(data: PageData) {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-count]');
    if (!(link instanceof HTMLAnchorElement) || data.preview) return;
    try {
      void postJson(`${apiBase(data)}/click`, { url: link.href }, { keepalive: true }).catch(() => undefined);
    } catch {
      // Counting must never stop a click.
    }
  });
}

function status(message: string) {
  const element = document.querySelector('[data-status]');
  if (element) element.textContent = message;
}

/** Share: the system's share sheet where there is one, otherwise the link is copied. */
function initShare(data: PageData) {
  const button = document.querySelector<HTMLButtonElement>('[data-share]');
  if (!button) return;
  // Shown from the first paint (no layout shift); only a browser that can neither share nor copy loses it.
  if (!navigator.share && !navigator.clipboard) {
    button.hidden = true;
    return;
  }
  button.addEventListener('click', () => void share());
  async function share() {
    if (navigator.share) {
      try {
        await navigator.share({ title: data.name, url: data.url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
      status(text(data.strings.share, 'copied'));
    } catch {
      status(text(data.strings.share, 'copyFailed', { url: data.url }));
    }
  }
}

/** The QR code of the page, made only when asked for (its code is loaded then). */
function initQr(data: PageData) {
  const button = document.querySelector<HTMLButtonElement>('[data-qr]');
  const box = document.getElementById('pp-qr');
  if (!button || !box) return;
  button.addEventListener('click', () => void toggle());
  async function toggle() {
    if (!button || !box) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    box.hidden = !open;
    if (!open || box.childElementCount > 0) return;
    box.textContent = text(data.strings.qr, 'loading');
    try {
      const { qrImage } = await import('./qr');
      box.replaceChildren(await qrImage(data.url, text(data.strings.qr, 'alt', { url: data.url })));
      const hint = document.createElement('p');
      hint.className = 'pp-hint';
      hint.textContent = text(data.strings.share, 'qrHint', { name: data.name });
      box.append(hint);
    } catch {
      box.textContent = text(data.strings.qr, 'failed');
    }
  }
}

const data = readPageData();
if (data) {
  initClickCounting(data);
  initShare(data);
  initQr(data);
  initContactForm(data);
}
