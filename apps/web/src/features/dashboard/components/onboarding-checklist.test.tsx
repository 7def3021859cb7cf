import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { OnboardingChecklist as Checklist } from '@enlaza/contracts';
import { useOnboarding } from '@/lib/api/onboarding';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { OnboardingChecklist } from './onboarding-checklist';

/** Says when the checklist's answer has arrived (so "nothing shown" is not read before it). */
function Answered() {
  return useOnboarding().isSuccess ? <span data-testid="answered" /> : null;
}

const state = (visible: boolean, done: [boolean, boolean, boolean]): Checklist => ({
  visible,
  profileId: 'card-1',
  steps: [
    { key: 'card', done: done[0] },
    { key: 'preview', done: done[1] },
    { key: 'share', done: done[2] },
  ],
});

async function renderChecklist(onDismissed = vi.fn()) {
  await render(
    <>
      <OnboardingChecklist onDismissed={onDismissed} />
      <Answered />
    </>,
    { path: '/user/dashboard' },
  );
  return onDismissed;
}

describe('OnboardingChecklist', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the three steps, each still to do linking to where it is done', async () => {
    mockApi(() => json({ ok: 1, data: state(true, [true, false, false]) }));
    await renderChecklist();
    expect(await screen.findByTestId('onboarding-checklist')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('onboarding-progress').textContent).toBe('1 of 3 done');
    expect(screen.getByTestId('onboarding-step-card').dataset.done).toBe('true');
    expect(screen.queryByTestId('onboarding-step-card-link')).toBeNull();
    expect(screen.getByTestId('onboarding-step-preview-link').getAttribute('href')).toBe('/user/perfiles/view/card-1');
    expect(screen.getByTestId('onboarding-step-share-link').getAttribute('href')).toBe('/user/perfiles/view/card-1');
  });

  it('shows nothing once dismissed (or for an account without it)', async () => {
    mockApi(() => json({ ok: 1, data: state(false, [false, false, false]) }));
    await renderChecklist();
    await screen.findByTestId('answered');
    expect(screen.queryByTestId('onboarding-checklist')).toBeNull();
  });

  it('is dismissed on the server, then goes, handing focus back', async () => {
    const { calls } = mockApi((url, init) => json({ ok: 1, data: state(init?.method !== 'POST', [false, false, false]) }));
    const onDismissed = await renderChecklist();
    fireEvent.click(await screen.findByTestId('onboarding-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('onboarding-checklist')).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/api/onboarding/dismiss') && c.init?.method === 'POST')).toBe(true);
    expect(onDismissed).toHaveBeenCalledTimes(1);
  });
});
