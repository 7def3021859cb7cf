import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Campaign, Locale } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { CampaignDetail } from './campaign-detail';

const campaign: Campaign = {
  id: '0b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
  name: 'Autumn news',
  templateId: null,
  templateName: 'News',
  audience: { profileIds: [], folderIds: [], labelIds: [], listIds: [], segmentIds: [] },
  state: 'sending',
  subject: 'News',
  scheduledAt: null,
  startedAt: '2026-11-22T10:00:00.000Z',
  finishedAt: null,
  error: null,
  stall: { since: '2026-11-22T10:05:00.000Z', reason: 'the mail server cannot be reached (connect ECONNREFUSED 10.0.0.1:587)' },
  createdAt: '2026-11-22T09:00:00.000Z',
  updatedAt: '2026-11-22T10:05:00.000Z',
  tracking: true,
  figures: {
    recipients: 200,
    pending: 120,
    sent: 80,
    failed: 0,
    bounced: 0,
    skipped: 0,
    opened: 0,
    clicked: 0,
    unsubscribed: 0,
    totalOpens: 0,
    machineOpens: 0,
    machineClicks: 0,
    totalClicks: 0,
  },
};

async function show(c: Campaign, locale: Locale = 'en') {
  await render(<CampaignDetail campaign={c} timeZone="UTC" onEdit={() => {}} onBack={() => {}} />, {
    locale,
  });
}

describe('CampaignDetail', () => {
  it.each<[Locale, string, string]>([
    ['en', 'Sending is held up', 'No email has gone out since'],
    ['es', 'El envío está detenido', 'No ha salido ningún correo desde'],
    ['jp', '送信が止まっています', '以降、メールが送信されていません'],
  ])('says why a stalled campaign sends nothing, and that it goes on by itself (%s)', async (locale, title, body) => {
    await show(campaign, locale);
    const note = screen.getByTestId('campaign-stall');
    expect(within(note).getByText(title)).toBeTruthy();
    expect(note.textContent).toContain(body);
    expect(note.textContent).toContain('connect ECONNREFUSED 10.0.0.1:587');
    // Pause and cancel stay at hand.
    expect(screen.getAllByRole('button').length).toBeGreaterThanOrEqual(3);
  });

  it('without tracking, says opens and clicks are not counted and leaves them out instead of showing zeros', async () => {
    await show({ ...campaign, stall: null, tracking: false });
    expect(screen.getByTestId('campaign-untracked').textContent).toContain('Opens and clicks are not counted');
    expect(screen.queryByTestId('figure-opened')).toBeNull();
    expect(screen.queryByTestId('figure-clicked')).toBeNull();
    expect(screen.getByTestId('figure-sent')).toBeTruthy();
  });

  it('counts machine fetches apart, below the figures', async () => {
    await show({ ...campaign, stall: null, figures: { ...campaign.figures, machineOpens: 3, machineClicks: 2 } });
    expect(screen.getByTestId('figure-machines').textContent).toContain('fetches of the open pixel: 3; of the links: 2');
    expect(screen.queryByTestId('campaign-untracked')).toBeNull();
  });

  it('shows no stall note for a campaign that sends', async () => {
    await show({ ...campaign, stall: null });
    expect(screen.queryByTestId('campaign-stall')).toBeNull();
  });

  describe('a sent campaign', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shows what went out, read-only: the sender, the subject and the email, with its recipients and figures', async () => {
      const { calls } = mockApi(() =>
        json({
          ok: 1,
          data: {
            subject: 'Autumn news',
            html: '<p>Our autumn collection is in.</p>',
            text: 'Our autumn collection is in.',
            recipients: 3,
            sender: { saved: true, from: 'Ana López <news@enlaza.test>', replyTo: 'ana@example.com', tracking: true },
          },
        }),
      );
      const sent: Campaign = {
        ...campaign,
        state: 'sent',
        stall: null,
        finishedAt: '2026-11-22T11:00:00.000Z',
        figures: { ...campaign.figures, recipients: 1, pending: 0, sent: 1 },
      };
      await show(sent);
      const content = await screen.findByTestId('campaign-sent-content');
      expect(within(content).getByRole('heading', { name: 'What went out' })).toBeTruthy();
      expect((await within(content).findByTestId('campaign-sent-from')).textContent).toBe('From: Ana López <news@enlaza.test>');
      expect(within(content).getByTestId('campaign-sent-preview-subject').textContent).toBe('Autumn news');
      expect(calls.map((call) => call.url)).toEqual([`/api/campaigns/${campaign.id}/review`]);
      // Its recipients and figures above it, in the singular for one.
      expect(screen.getByText('1 of 1 recipient done (100 %)')).toBeTruthy();
      expect(screen.getByTestId('figure-recipients').textContent).toContain('1');
      // Nothing to edit, pause or cancel.
      expect(screen.getAllByRole('button').map((b) => b.textContent)).not.toContain('Edit');
      expect(content.querySelector('input, textarea, [contenteditable="true"]')).toBeNull();
    });
  });
});
