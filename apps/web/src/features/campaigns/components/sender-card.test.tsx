import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CampaignSender } from '@enlaza/contracts';
import { ApiError } from '@/lib/http';
import { render } from '@/test/render';
import { replaceExports } from '@/test/replace-exports';
import * as senderApi from '../api/get-campaign-sender';
import * as saveSenderApi from '../api/save-campaign-sender';
import { SenderCard } from './sender-card';

const state = {
  sender: {} as CampaignSender,
  saves: [] as unknown[],
  fail: null as ApiError | null,
};

// The sender the server answers, and a save that records its body (and fails when told to).
function fakeServer() {
  replaceExports(senderApi, { useCampaignSender: () => ({ isPending: false, isError: false, data: state.sender }) });
  replaceExports(saveSenderApi, {
    useSaveCampaignSender: () => ({
      isPending: false,
      error: state.fail,
      mutate: (body: unknown, handlers: { onSuccess: () => void; onError: (e: unknown) => void }) => {
        state.saves.push(body);
        if (state.fail) handlers.onError(state.fail);
        else handlers.onSuccess();
      },
    }),
  });
}

const suggested: CampaignSender = {
  saved: false,
  name: 'Ana García',
  postalAddress: 'Calle Mayor 1, 28013 Madrid\nSpain',
  from: '"Ana García via Enlaza" <no-reply@enlaza.local>',
  replyTo: 'ana@example.org',
  tracking: true,
  complaints: { complaints: 0, sent: 0, rate: 0, limit: 0.003, days: 30, over: false },
};

// In a router: the card links to the sending domains page.
const renderCard = () =>
  render(<SenderCard />, { route: '/user/campanas', routes: [{ path: '/user/campanas/dominios', element: <p>Domains page</p> }] });

describe('SenderCard', () => {
  beforeEach(() => {
    state.sender = suggested;
    state.saves = [];
    state.fail = null;
    fakeServer();
  });

  it('warns before a first campaign and opens the form with the account’s suggestions; an empty name is refused here, focused', async () => {
    await renderCard();
    expect(screen.getByTestId('campaign-sender-missing').textContent).toContain('Before your first campaign, say who it comes from');
    fireEvent.click(screen.getByRole('button', { name: 'Set the sender' }));
    const name = screen.getByRole('textbox', { name: /Sender name/ });
    expect(name).toHaveProperty('value', 'Ana García');
    expect(screen.getByRole('textbox', { name: /Postal address/ })).toHaveProperty('value', 'Calle Mayor 1, 28013 Madrid\nSpain');
    expect(screen.getByText('Replies go to your account address, ana@example.org.')).toBeTruthy();
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save sender' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(state.saves).toEqual([]);
  });

  it('takes its limits from the contract and says a too-short address in the contract’s words', async () => {
    await renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Set the sender' }));
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /Sender name/ });
    const address = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Postal address/ });
    expect([name.maxLength, address.maxLength]).toEqual([70, 300]);
    fireEvent.change(address, { target: { value: 'Here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save sender' }));
    expect(await screen.findByText('Use at least 5 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(address);
    expect(state.saves).toEqual([]);
  });

  it('shows the server’s field error under its field', async () => {
    state.fail = new ApiError({
      message: 'Some fields are not valid.',
      status: 422,
      fieldErrors: { name: ['Use a single line of text.'] },
    });
    await renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Set the sender' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save sender' }));
    expect(await screen.findByText('Use a single line of text.')).toBeTruthy();
    expect(state.saves).toEqual([{ name: 'Ana García', postalAddress: 'Calle Mayor 1, 28013 Madrid\nSpain', tracking: true }]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Sender name/ })));
  });

  it('once saved, says what recipients see: From, Reply-To and the postal address', async () => {
    state.sender = { ...suggested, saved: true };
    await renderCard();
    expect(screen.queryByTestId('campaign-sender-missing')).toBeNull();
    expect(screen.getByTestId('campaign-sender-from').textContent).toBe('"Ana García via Enlaza" <no-reply@enlaza.local>');
    expect(screen.getByText('ana@example.org', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByTestId('campaign-sender-tracking').textContent).toBe('Opens and clicks: counted');
    expect(screen.getByTestId('campaign-sender-complaints').textContent).toBe(
      'Spam complaints (last 30 days): none (no campaign emails sent; the limit is 0.30%)',
    );
    expect(screen.queryByTestId('campaign-sender-complaints-over')).toBeNull();
  });

  it('links to the sending domains page, to send from a domain of one’s own', async () => {
    state.sender = { ...suggested, saved: true };
    const { router } = await renderCard();
    const link = screen.getByRole('link', { name: 'Send from your own domain' });
    expect(link.getAttribute('href')).toBe('/user/campanas/dominios');
    fireEvent.click(link);
    expect(await screen.findByText('Domains page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/campanas/dominios');
  });

  it('says why sending is paused when the complaint rate is over the limit', async () => {
    state.sender = {
      ...suggested,
      saved: true,
      complaints: { complaints: 4, sent: 1200, rate: 4 / 1200, limit: 0.003, days: 30, over: true },
    };
    await renderCard();
    expect(screen.getByTestId('campaign-sender-complaints').textContent).toBe(
      'Spam complaints (last 30 days): 4 of 1,200 emails sent (0.33%; the limit is 0.30%)',
    );
    expect(screen.getByRole('alert').textContent).toContain('Sending is paused: too many spam complaints');
    expect(screen.getByRole('alert').textContent).toContain('0.33% of your recent campaign emails were reported as spam');
  });

  it('turns the counting of opens and clicks off', async () => {
    state.sender = { ...suggested, saved: true };
    await renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('switch', { name: /Count opens and clicks/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save sender' }));
    await waitFor(() =>
      expect(state.saves).toEqual([{ name: 'Ana García', postalAddress: 'Calle Mayor 1, 28013 Madrid\nSpain', tracking: false }]),
    );
  });
});
