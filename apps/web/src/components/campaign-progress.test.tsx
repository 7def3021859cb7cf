import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CampaignFigures, Locale } from '@enlaza/contracts';
import { render } from '@/test/render';
import { CampaignProgress } from './campaign-progress';

const figures = (recipients: number, pending: number): CampaignFigures => ({
  recipients,
  pending,
  sent: recipients - pending,
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
});

describe('CampaignProgress', () => {
  it.each<[Locale, number, number, string]>([
    ['en', 1, 0, '1 of 1 recipient done (100 %)'],
    ['en', 5, 3, '2 of 5 recipients done (40 %)'],
    ['es', 1, 0, '1 de 1 destinatario completado (100 %)'],
    ['es', 2, 0, '2 de 2 destinatarios completados (100 %)'],
    ['jp', 1, 0, '1 件中 1 件完了（100 %）'],
  ])('says the recipients in the singular or the plural (%s)', async (locale, recipients, pending, text) => {
    await render(<CampaignProgress figures={figures(recipients, pending)} />, { locale });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: text })).toBeTruthy();
  });
});
