import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Campaign } from '@enlaza/contracts';
import { ApiError } from '@/lib/api-error';
import * as audienceCountApi from '@/lib/api/count-audience';
import * as audienceSourcesApi from '@/lib/api/get-audience-sources';
import { render } from '@/test/render';
import { replaceExports } from '@/test/replace-exports';
import * as reviewApi from '../api/get-campaign-review';
import * as templateOptionsApi from '../api/get-template-options';
import * as saveApi from '../api/save-campaign';
import * as sendTestApi from '../api/send-campaign-test';
import * as startApi from '../api/start-campaign';
import { CampaignForm } from './campaign-form';

const calls = {
  save: [] as unknown[],
  start: [] as unknown[],
  test: [] as unknown[],
  senderSaved: true,
  saveError: null as Error | null,
};
const saved = { id: 'c1', name: 'Autumn news', templateName: 'Newsletter' } as Campaign;

// The form's server calls: a template, an imported list, 1,234 recipients, a save, a review, a test and a start that succeed.
function fakeServer() {
  // The audience picker's sources: a card and an imported list.
  replaceExports(audienceSourcesApi, {
    useAudienceSources: () => ({
      isPending: false,
      isError: false,
      data: {
        profiles: [{ id: '00000000-0000-4000-8000-0000000000b1', name: 'Ana', contacts: 1200 }],
        folders: [],
        labels: [],
        lists: [{ id: '00000000-0000-4000-8000-0000000000c1', name: 'Leads', contacts: 34 }],
      },
    }),
  });
  replaceExports(audienceCountApi, { useAudienceCount: () => ({ data: 1234, isError: false }) });
  replaceExports(templateOptionsApi, {
    useTemplateOptions: () => ({ data: [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'Newsletter' }] }),
  });
  replaceExports(reviewApi, {
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
  });
  replaceExports(sendTestApi, {
    useSendCampaignTest: () => ({
      isPending: false,
      mutate: (id: string) => calls.test.push(id),
    }),
  });
  replaceExports(saveApi, {
    useSaveCampaign: () => ({
      isPending: false,
      mutateAsync: (input: unknown) => {
        calls.save.push(input);
        return calls.saveError ? Promise.reject(calls.saveError) : Promise.resolve(saved);
      },
    }),
  });
  replaceExports(startApi, {
    useStartCampaign: () => ({
      isPending: false,
      mutateAsync: (input: unknown) => {
        calls.start.push(input);
        return Promise.resolve(saved);
      },
    }),
  });
}

async function renderForm(onDone = vi.fn()) {
  await render(
    <CampaignForm
      campaign={{
        ...saved,
        templateId: '00000000-0000-4000-8000-0000000000a1',
        scheduledAt: null,
        audience: { profileIds: ['00000000-0000-4000-8000-0000000000b1'], folderIds: [], labelIds: [], listIds: [], segmentIds: [] },
      }}
      timeZone="Europe/Madrid"
      onDone={onDone}
      onCancel={vi.fn()}
    />,
    { route: '/' },
  );
  return onDone;
}

describe('CampaignForm', () => {
  beforeEach(() => {
    calls.save = [];
    calls.start = [];
    calls.test = [];
    calls.senderSaved = true;
    calls.saveError = null;
    fakeServer();
  });

  it('takes the name’s limit from the contract and puts the server’s refusal of it under the name, focused', async () => {
    calls.saveError = new ApiError({
      message: 'invalid',
      status: 422,
      code: 'validation.failed',
      serverMessage: 'Check the fields.',
      fieldErrors: { name: ['This name is already used.'] },
    });
    await renderForm();
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /Name/ });
    expect(name.maxLength).toBe(120);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('This name is already used.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.queryByTestId('campaign-error')).toBeNull();
    expect(screen.queryByTestId('campaign-review')).toBeNull();
  });

  it('“Review” saves the draft and shows who it goes to and from, the email, and a test send; nothing is sent yet', async () => {
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const review = await screen.findByTestId('campaign-review');
    expect(calls.save).toEqual([
      {
        id: 'c1',
        body: {
          name: 'Autumn news',
          templateId: '00000000-0000-4000-8000-0000000000a1',
          audience: { profileIds: ['00000000-0000-4000-8000-0000000000b1'], folderIds: [], labelIds: [], listIds: [], segmentIds: [] },
        },
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
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this campaign now?' });
    expect(dialog.textContent).toContain('“Autumn news” goes out at once with the template “Newsletter” to 1,234 recipients.');
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.start).toEqual([]);
  });

  it('sends once confirmed', async () => {
    const onDone = await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send to 1,234 recipients' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(calls.start).toEqual([{ id: 'c1' }]);
  });

  it('cannot send before a sender is saved, and goes back to the form with its values', async () => {
    calls.senderSaved = false;
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByTestId('review-sender-missing');
    expect(screen.getByRole('button', { name: 'Send now' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Back to editing' }));
    expect((await screen.findByRole('textbox', { name: 'Name' })).getAttribute('value')).toBe('Autumn news');
  });
});
