/* The card template form's values and the body they are sent as, shared by its panel and its parts (the shared links). */
import type { FieldLock, TeamTemplate, TeamTemplateField, teamTemplateBodySchema } from '@enlaza/contracts';
import type { ContractForm } from '@/lib/forms/use-contract-form';

export const LAYOUTS = ['classic', 'centered', 'banner'] as const;

/** One row of the shared links, keyed for React while it is edited. */
export interface LinkRow {
  key: string;
  label: string;
  url: string;
}

/** The form holds the body's shape (so the contract's limits apply by path), with texts as strings and keyed links. */
export interface TemplateValues {
  values: {
    company: string;
    logoFileId: string | null;
    coverFileId: string | null;
    address: string;
    website: string;
    theme: { color: string; layout: (typeof LAYOUTS)[number] };
    links: LinkRow[];
  };
  locks: Record<TeamTemplateField, FieldLock>;
}

/** The form's values of a saved template. */
export const valuesOf = ({ values: v, locks }: TeamTemplate): TemplateValues => ({
  values: {
    company: v.company ?? '',
    logoFileId: v.logoFileId,
    coverFileId: v.coverFileId,
    address: v.address ?? '',
    website: v.website ?? '',
    theme: v.theme,
    links: v.links.map((link, i) => ({ key: `link-${i}`, ...link })),
  },
  locks,
});

/** The body sent for the form's values: empty texts as null, links without their keys. */
export const bodyOf = ({ values: v, locks }: TemplateValues) => ({
  values: {
    ...v,
    company: v.company.trim() || null,
    address: v.address.trim() || null,
    website: v.website.trim() || null,
    links: v.links.map(({ label, url }) => ({ label: label.trim(), url: url.trim() })),
  },
  locks,
});

export type TemplateForm = ContractForm<typeof teamTemplateBodySchema, TemplateValues>;
