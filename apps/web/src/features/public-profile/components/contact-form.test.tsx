import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PublicProfile } from '@enlaza/contracts';
import { resetCountryDetection } from '@/lib/phone-input/country-lookup';
import { ContactForm, fieldErrorsOf } from './contact-form';
import { toSharedLocation } from './location-share';

const ID = '0b6f3c1e-7a8d-4c55-9d43-2f1e5b7a9c10';

function tagProfile(lostMode: boolean): PublicProfile {
  return {
    id: ID,
    kind: 'tag',
    name: 'Rex',
    alias: 'demo',
    canonicalPath: `/link/demo/${ID}`,
    vcardPath: `/api/public/link/demo/${ID}/vcard`,
    photoUrl: null,
    coverUrl: null,
    theme: { color: '#12b886', layout: 'classic' },
    contactForm: true,
    wall: false,
    card: null,
    tag: { name: 'Rex', tagKind: 'pet', description: null, showOwnerContact: false, lostMode, lostNote: null, reward: null, ownerContact: null },
  };
}

type Sent = { url: string; body: Record<string, unknown> };

function setup(profile: PublicProfile, answer: () => Response = () => new Response(JSON.stringify({ ok: 1, data: { received: true } }), { status: 201 })) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith('/api/')) throw new Error('offline'); // the phone input's country lookup
      sent.push({ url, body: JSON.parse(init?.body as string) as Record<string, unknown> });
      return answer();
    }),
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ContactForm profile={profile} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { sent };
}

function fill() {
  fireEvent.change(screen.getByTestId('contact-name'), { target: { value: 'Finder' } });
  fireEvent.change(screen.getByTestId('contact-email'), { target: { value: 'finder@example.com' } });
  fireEvent.change(screen.getByTestId('contact-message'), { target: { value: 'I found your dog' } });
}

// Mantine's first render is slow on a busy machine.
describe('ContactForm', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetCountryDetection();
    // jsdom has no font loading API; the message box's autosize listens to it.
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the failed country lookup is logged
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'token';
    document.head.append(meta);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('hides the honeypot from people and assistive technology, and sends what a bot typed in it', async () => {
    const { sent } = setup(tagProfile(false));
    const honeypot = screen.getByTestId<HTMLInputElement>('contact-website');
    expect(honeypot.name).toBe('website');
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    // No location offer when the tag is not lost.
    expect(screen.queryByTestId('location-share')).toBeNull();

    fill();
    fireEvent.change(honeypot, { target: { value: 'https://spam.example' } });
    fireEvent.submit(screen.getByTestId('contact-form'));
    await screen.findByTestId('contact-form-success');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`/api/public/link/demo/${ID}/messages`);
    expect(sent[0]!.body).toMatchObject({ name: 'Finder', email: 'finder@example.com', message: 'I found your dog', phone: null, consent: false, location: null, website: 'https://spam.example' });
  });

  it('asks for the location only when the finder turns it on, shows it, and attaches it', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) => {
      success({ coords: { latitude: 40.4167754, longitude: -3.7037902, accuracy: 23.6 } } as GeolocationPosition);
    });
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { sent } = setup(tagProfile(true));
    fill();
    expect(getCurrentPosition).not.toHaveBeenCalled();

    const toggle = screen.getByTestId('location-switch');
    act(() => {
      fireEvent.click(toggle);
    });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('location-preview')).textContent).toContain('location.willSend');

    fireEvent.submit(screen.getByTestId('contact-form'));
    await screen.findByTestId('contact-form-success');
    expect(sent[0]!.body.location).toEqual({ lat: 40.41678, lng: -3.70379, accuracy: 24 });
  });

  it('sends no location when the finder turns it off again, and says so when it is refused', async () => {
    let answer: ((position: GeolocationPosition) => void) | undefined;
    const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (getCurrentPosition.mock.calls.length === 1) answer = success;
      else failure?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
    });
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { sent } = setup(tagProfile(true));
    fill();
    const toggle = screen.getByTestId('location-switch');
    act(() => {
      fireEvent.click(toggle); // on: the browser is asking
    });
    expect(screen.getByTestId('location-asking')).toBeTruthy();
    act(() => {
      fireEvent.click(toggle); // off before the browser answered
    });
    act(() => answer?.({ coords: { latitude: 1, longitude: 2, accuracy: 3 } } as GeolocationPosition));
    expect(screen.queryByTestId('location-preview')).toBeNull();

    act(() => {
      fireEvent.click(toggle); // on again: refused
    });
    expect(screen.getByTestId('location-failure').textContent).toBe('location.failed.denied');

    fireEvent.submit(screen.getByTestId('contact-form'));
    await screen.findByTestId('contact-form-success');
    expect(sent[0]!.body.location).toBeNull();
  });

  it('keeps what was typed and shows the server’s errors next to their fields', async () => {
    setup(tagProfile(false), () => new Response(JSON.stringify({ ok: 0, code: 'validation.failed', message: 'Invalid', errors: { email: ['Email refused'] } }), { status: 422 }));
    fill();
    fireEvent.submit(screen.getByTestId('contact-form'));
    await waitFor(() => expect(screen.getByText('Email refused')).toBeTruthy());
    expect(screen.getByTestId<HTMLInputElement>('contact-message').value).toBe('I found your dog');
    expect(screen.getByTestId('contact-email').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when too many messages were sent, and for how long', async () => {
    setup(tagProfile(false), () => new Response(JSON.stringify({ ok: 0, code: 'request.throttled', message: 'Too many' }), { status: 429, headers: { 'Retry-After': '120' } }));
    fill();
    fireEvent.submit(screen.getByTestId('contact-form'));
    expect((await screen.findByTestId('contact-form-error')).textContent).toContain('form.errors.rateLimitedFor');
    expect(screen.getByTestId<HTMLInputElement>('contact-name').value).toBe('Finder');
  });

  it('maps nested server errors to their field and rounds a position to what the contract accepts', () => {
    expect(fieldErrorsOf({ 'location.lat': ['bad'], name: ['short', 'other'], unknown: ['x'] })).toEqual({ location: 'bad', name: 'short' });
    expect(toSharedLocation({ latitude: 1.23456789, longitude: -2.3456789, accuracy: 250_000 })).toEqual({ lat: 1.23457, lng: -2.34568, accuracy: 100_000 });
  });
});
