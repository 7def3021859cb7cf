import { apiBase, postJson, text, type PageData } from './page-data';

type Field = 'name' | 'email' | 'phone' | 'message' | 'consent' | 'location';
const FIELDS: readonly Field[] = ['name', 'email', 'phone', 'message', 'consent', 'location'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

type Location = { lat: number; lng: number; accuracy: number | null };

/** The finder of a lost tag may send their location with the message (asked only when they tick the box). */
function initLocation(form: HTMLFormElement, data: PageData): () => Location | null {
  const box = form.querySelector<HTMLInputElement>('[data-location]');
  const note = form.querySelector<HTMLElement>('[data-location-status]');
  let location: Location | null = null;
  if (!box || !note) return () => null;
  const s = data.strings.location;
  box.addEventListener('change', () => {
    location = null;
    note.textContent = '';
    if (!box.checked) return;
    if (!navigator.geolocation) {
      note.textContent = text(s, 'failed.unsupported');
      box.checked = false;
      return;
    }
    note.textContent = text(s, 'asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy } = position.coords;
        location = { lat: latitude, lng: longitude, accuracy: Number.isFinite(accuracy) ? Math.round(accuracy) : null };
        note.textContent = `${text(s, 'willSend', { latitude: latitude.toFixed(5), longitude: longitude.toFixed(5) })} ${location.accuracy !== null ? text(s, 'accuracy', { meters: location.accuracy }) : ''}`;
      },
      (error) => {
        note.textContent = text(s, error.code === error.PERMISSION_DENIED ? 'failed.denied' : 'failed.unavailable');
        box.checked = false;
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  });
  return () => (box.checked ? location : null);
}

/** The contact form (rendered hidden by the server): shown, checked in the browser, sent as JSON. */
export function initContactForm(data: PageData) {
  const wrap = document.querySelector<HTMLElement>('[data-contact]');
  const form = wrap?.querySelector('form');
  const sent = wrap?.querySelector<HTMLElement>('[data-sent]');
  const banner = wrap?.querySelector<HTMLElement>('[data-form-error]');
  if (!wrap || !form || !sent || !banner) return;
  wrap.hidden = false;
  wire(form, sent, banner, data);
}

function wire(form: HTMLFormElement, sent: HTMLElement, banner: HTMLElement, data: PageData) {
  const s = data.strings.form;
  const location = initLocation(form, data);
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;

  /** The owner's contact fields on the form (rendered by the server with their ids), optional for the visitor. */
  const customFields = [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-custom-field]')];

  function showErrors(errors: Partial<Record<Field, string>>, custom: Record<string, string> = {}) {
    for (const control of customFields) {
      const id = control.dataset.customField!;
      const element = document.getElementById(`pp-f-${id}-error`);
      if (element) {
        element.textContent = custom[id] ?? '';
        element.hidden = !custom[id];
      }
      control.setAttribute('aria-invalid', String(Boolean(custom[id])));
    }
    for (const field of FIELDS) {
      const message = errors[field];
      const element = document.getElementById(`pp-${field}-error`);
      const control = field === 'consent' || field === 'location' ? null : input(field);
      if (element) {
        element.textContent = message ?? '';
        element.hidden = !message;
      }
      if (control) control.setAttribute('aria-invalid', String(Boolean(message)));
    }
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  function fail(message: string) {
    banner.textContent = `${text(s, 'errors.title')}: ${message}`;
    banner.hidden = false;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });

  async function send() {
    if (data.preview) return;
    banner.hidden = true;
    const name = input('name').value.trim();
    const email = input('email').value.trim();
    const rawPhone = input('phone').value.replace(/[\s().-]/g, '');
    const message = input('message').value.trim();
    const errors: Partial<Record<Field, string>> = {};
    if (!name) errors.name = text(s, 'errors.nameRequired');
    if (!email) errors.email = text(s, 'errors.emailRequired');
    else if (!EMAIL.test(email)) errors.email = text(s, 'errors.emailInvalid');
    if (rawPhone && !E164.test(rawPhone)) errors.phone = text(s, 'errors.phoneInvalid');
    if (!message) errors.message = text(s, 'errors.messageRequired');
    showErrors(errors);
    if (Object.keys(errors).length > 0) return;

    const submit = form.querySelector<HTMLButtonElement>('[type="submit"]')!;
    submit.disabled = true;
    const body = {
      name,
      email,
      phone: rawPhone || null,
      message,
      consent: (input('consent') as HTMLInputElement).checked,
      fields: Object.fromEntries(customFields.filter((c) => c.value.trim() !== '').map((c) => [c.dataset.customField!, c.value.trim()])),
      location: location(),
      website: input('website').value,
    };
    try {
      const response = await postJson(`${apiBase(data)}/messages`, body);
      const payload: { message?: string; errors?: Record<string, string[]>; data?: { confirmation?: boolean } } = await response
        .json()
        .then(
          (body: unknown) => (body && typeof body === 'object' ? body : {}),
          () => ({}),
        );
      if (response.ok) {
        form.reset();
        form.hidden = true;
        // The owner confirms consents by email: say where the link went.
        const confirm = sent.querySelector<HTMLElement>('[data-sent-confirm]');
        if (confirm) confirm.hidden = payload.data?.confirmation !== true;
        sent.hidden = false;
        sent.focus();
      } else if (response.status === 422 && payload.errors) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        const customErrors: Record<string, string> = {};
        for (const [key, messages] of Object.entries(payload.errors)) {
          const [field, id] = key.split('.') as [Field | 'fields', string | undefined];
          if (field === 'fields' && id && messages[0]) customErrors[id] = messages[0];
          else if (FIELDS.includes(field as Field) && !fieldErrors[field as Field] && messages[0])
            fieldErrors[field as Field] = messages[0];
        }
        showErrors(fieldErrors, customErrors);
        if (Object.keys(fieldErrors).length + Object.keys(customErrors).length === 0) fail(payload.message ?? text(s, 'errors.generic'));
      } else if (response.status === 429) fail(text(s, 'errors.rateLimited'));
      else if (response.status === 404) fail(text(s, 'errors.unavailable'));
      else fail(payload.message ?? text(s, 'errors.generic'));
    } catch {
      fail(text(s, 'errors.network'));
    } finally {
      submit.disabled = false;
    }
  }

  sent.querySelector('[data-again]')?.addEventListener('click', () => {
    sent.hidden = true;
    form.hidden = false;
    input('name').focus();
  });
}
