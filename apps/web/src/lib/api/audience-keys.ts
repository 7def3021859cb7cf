import type { AudienceSelector, SegmentRuleInput } from '@enlaza/contracts';

/** Shared by the audience screens and the campaign form (features must not import each other). */
export const audienceKeys = {
  all: ['audience'] as const,
  sources: ['audience', 'sources'] as const,
  count: (selector: AudienceSelector) => ['audience', 'count', selector] as const,
  lists: ['audience', 'lists'] as const,
  list: (id: string) => ['audience', 'lists', id] as const,
  contacts: (listId: string, search: string) => ['audience', 'lists', listId, 'contacts', search] as const,
  suppressions: (search: string) => ['audience', 'suppressions', search] as const,
  visitors: (search: string) => ['audience', 'visitors', search] as const,
  consent: ['audience', 'consent'] as const,
  proofs: (email: string) => ['audience', 'consents', email] as const,
  fields: ['audience', 'fields'] as const,
  personFields: (email: string) => ['audience', 'fields', 'values', email] as const,
  segments: ['audience', 'segments'] as const,
  segment: (id: string) => ['audience', 'segments', id] as const,
  segmentCount: (id: string) => ['audience', 'segments', id, 'count'] as const,
  ruleCount: (rule: SegmentRuleInput) => ['audience', 'rule-count', rule] as const,
  /** The emails an engagement condition can name: my campaigns and my automations' steps. */
  campaignEmails: ['audience', 'emails', 'campaigns'] as const,
  automationEmails: ['audience', 'emails', 'automations'] as const,
};

/** Nothing chosen: no profile, folder, label, list or segment. */
export const isEmptySelector = (s: AudienceSelector) =>
  s.profileIds.length + s.folderIds.length + s.labelIds.length + s.listIds.length + s.segmentIds.length === 0;
