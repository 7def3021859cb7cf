import type { Campaign, CampaignFigures, Locale } from '@enlaza/contracts';
import { translate } from '../../lib/i18n.js';
import type { CampaignRow } from './repository.js';
import { stallOf } from './stall.js';
import { EMPTY_FIGURES } from './recipient-queries.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A campaign row as the API answers it, with its figures and its error and stall in the reader's language. */
export function toCampaign(row: CampaignRow, figures: CampaignFigures | undefined, locale: Locale): Campaign {
  const stall = stallOf(row);
  return {
    id: row.id,
    name: row.name,
    templateId: row.templateId,
    templateName: row.templateName,
    audience: row.audience,
    state: row.state,
    subject: row.subject,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    error: row.error && row.error.code !== 'campaign.stalled' ? translate(locale, row.error.code, row.error.params) : null,
    stall: stall
      ? { since: stall.since, reason: translate(locale, `campaign.stall_reason.${stall.kind}`, { detail: stall.detail || '—' }) }
      : null,
    tracking: row.sender?.tracking !== false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    figures: figures ?? { ...EMPTY_FIGURES },
  };
}
