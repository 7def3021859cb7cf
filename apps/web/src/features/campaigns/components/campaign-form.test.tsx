import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import type { Campaign } from '@enlaza/contracts';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import type * as AudienceApi from '@/lib/api/audience';
import { CampaignForm } from './campaign-form';

const calls = vi.hoisted(() => ({ save: [] as unknown[], start: [] as unknown[], test: [] as unknown[], senderSaved: true }));
const saved = { id: 'c1', name: 'Autumn news', templateName: 'Newsletter' } as Campaign;

// The form's server calls: a template, an imported list, 1,234 recipients, a save, a review, a test and a start that succeed.
// The audience picker's sources: a card and an imported list.
vi.mock('@/lib/api/audience', async (actual) => ({
  ...(await actual<typeof AudienceApi>()),
  useAudienceSources: () => ({
    isPending: false,
    isError: false,
    data: {
      profiles: [{ id: 'p1', name: 'Ana', contacts: 1200 }],
      folders: [],
      labels: [],
      lists: [{ id: 'l1', name: 'Leads', contacts: 34 }],
    },
  }),
  useAudienceCount: () => ({ data: 1234, isError: false }),
}));

vi.mock('../api/campaigns', () => ({
  useTemplateOptions: () => ({ data: [{ id: 't1', name: 'Newsletter' }] }),
  useCampaignReview: () => ({
    isError: false,
    data: {
      subject: 'News for Ana',
      html: '<!doctype html><p>Hello Ana</p>',
      text: 'Hello Ana',
      recipients: 1234,
      sender: { saved: calls.senderSaved, from: '"Ana via Enlaza" <no-reply@enlaza.test>', replyTo: 'ana@example.com', tracking: true },
    },
  }),
  useSendCampaignTest: () => ({
    isPending: false,
    mutate: (id: string) => calls.test.push(id),
  }),
  useSaveCampaign: () => ({
    isPending: false,
    mutateAsync: (input: unknown) => {
      calls.save.push(input);
      return Promise.resolve(saved);
    },
  }),
  useStartCampaign: () => ({
    isPending: false,
    mutateAsync: (input: unknown) => {
      calls.start.push(input);
      return Promise.resolve(saved);
    },
  }),
}));

function renderForm(onDone = vi.fn()) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <CampaignForm
          campaign={{
            ...saved,
            templateId: 't1',
            scheduledAt: null,
            audience: { profileIds: ['p1'], folderIds: [], labelIds: [], listIds: [] },
          }}
          timeZone="Europe/Madrid"
          onDone={onDone}
          onCancel={vi.fn()}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onDone;
}

// Mantine's first render is slow on a busy machine.
describe('CampaignForm', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['campaigns', 'admin']);
  });
  beforeEach(() => {
    calls.save = [];
    calls.start = [];
    calls.test = [];
    calls.senderSaved = true;
  });

  it('“Review” saves the draft and shows who it goes to and from, the email, and a test send; nothing is sent yet', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const review = await screen.findByTestId('campaign-review');
    expect(calls.save).toEqual([
      {
        id: 'c1',
        body: { name: 'Autumn news', templateId: 't1', audience: { profileIds: ['p1'], folderIds: [], labelIds: [], listIds: [] } },
      },
    ]);
    expect(screen.getByTestId('review-to').textContent).toBe('To: 1,234 recipients');
    expect(screen.getByTestId('review-from').textContent).toBe('From: "Ana via Enlaza" <no-reply@enlaza.test>');
    expect(screen.getByTestId('review-when').textContent).toBe('When: As soon as you confirm');
    expect(screen.getByTestId('campaign-preview').getAttribute('srcdoc')).toContain('Hello Ana');
    expect(review.textContent).toContain('News for Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(calls.test).toEqual(['c1']);
    expect(calls.start).toEqual([]);
  });

  it('“Send now” asks first, naming the campaign, its template and how many it goes to; Go back sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this campaign now?' });
    expect(dialog.textContent).toContain('“Autumn news” goes out at once with the template “Newsletter” to 1,234 recipients.');
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.start).toEqual([]);
  });

  it('sends once confirmed', async () => {
    const onDone = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send to 1,234 recipients' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(calls.start).toEqual([{ id: 'c1' }]);
  });

  it('cannot send before a sender is saved, and goes back to the form with its values', async () => {
    calls.senderSaved = false;
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByTestId('review-sender-missing');
    expect(screen.getByRole('button', { name: 'Send now' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Back to editing' }));
    expect((await screen.findByRole('textbox', { name: 'Name' })).getAttribute('value')).toBe('Autumn news');
  });
});
