import type { Locale, TeamTemplate } from '@enlaza/contracts';
import { lockedFieldsOf, splitFullName, type LockedCardValues, type SharedLink } from '../profiles/index.js';

/** What the template writes on every team card: its locked fields only (an editable one was a starting value). */
export function lockedCardValues(template: TeamTemplate, linksBefore: SharedLink[]): LockedCardValues {
  const v = template.values;
  const values: LockedCardValues = {};
  for (const field of lockedFieldsOf(template.locks)) {
    if (field === 'company' || field === 'address' || field === 'website') values[field] = v[field];
    else if (field === 'logo') values.logoFileId = v.logoFileId;
    else if (field === 'cover') values.coverFileId = v.coverFileId;
    else if (field === 'theme') values.theme = v.theme;
    else values.links = { shared: v.links, before: linksBefore };
  }
  return values;
}

/** Phone and email labels of a new team card, in the language the card is made in (the vCard reads these words). */
const WORK_LABELS: Record<Locale, { phone: string; email: string }> = {
  en: { phone: 'Work', email: 'Work' },
  es: { phone: 'Trabajo', email: 'Trabajo' },
  jp: { phone: '仕事', email: '仕事' },
};

type Person = { name: string; email: string; jobTitle: string | null; phone: string | null };

/** A person's own fields on a team card: name (split as an account's first card is), job title, phone and email. */
function personFields(person: Person, locale: Locale) {
  const { firstName, lastName } = splitFullName(person.name);
  const labels = WORK_LABELS[locale];
  return {
    firstName: firstName.slice(0, 80) || person.email.slice(0, 80),
    lastName: lastName?.slice(0, 80) ?? null,
    jobTitle: person.jobTitle,
    bio: null,
    phones: person.phone ? [{ label: labels.phone, number: person.phone }] : [],
    emails: [{ label: labels.email, email: person.email }],
  };
}

/** A member's new card: every template value (locked or a starting value) and the person's own fields. */
export function cardFromTemplate(template: TeamTemplate, person: Person, locale: Locale) {
  const v = template.values;
  return {
    name: person.name,
    theme: v.theme,
    coverFileId: v.coverFileId,
    logoFileId: v.logoFileId,
    card: {
      ...personFields(person, locale),
      company: v.company,
      website: v.website,
      address: v.address,
      socialLinks: [],
      customLinks: v.links,
    },
  };
}

/** What changes on a card handed to another person: their own fields (the team's stay). */
export const personOnCard = (person: Person, locale: Locale) => ({ name: person.name, card: personFields(person, locale) });
