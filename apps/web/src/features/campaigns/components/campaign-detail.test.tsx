import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Campaign, Locale } from '@enlaza/contracts';
import { render } from '@/test/render';
import { CampaignDetail } from './campaign-detail';

const campaign: Campaign = {
  id: '0b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
  name: 'Autumn news',
  templateId: null,
  templateName: 'News',
  audience: { profileIds: [], folderIds: [], labelIds: [], listIds: [] },
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
    expect(screen.getByTestId('figure-machines').textContent).toContain('3 fetches of the open pixel and 2 of the links');
    expect(screen.queryByTestId('campaign-untracked')).toBeNull();
  });

  it('shows no stall note for a campaign that sends', async () => {
    await show({ ...campaign, stall: null });
    expect(screen.queryByTestId('campaign-stall')).toBeNull();
  });
});
