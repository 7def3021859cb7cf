/** A captured lead as it goes to a CRM: the visitor's message, its consent, and the contact fields they answered (kept with the consent). */
export type Lead = {
  messageId: string;
  name: string;
  email: string;
  phone: string | null;
  body: string;
  consent: boolean;
  createdAt: Date;
  /** The card or tag the message was sent to. */
  profileName: string;
  fields: { name: string; value: string }[];
};

/** HubSpot and Salesforce keep a first and a last name; a single word is the last name (both require one). */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: '', last: words[0] ?? '' };
  return { first: words.slice(0, -1).join(' '), last: words.at(-1)! };
}

/**
 * The lead's id as one word, written into the HubSpot note so a re-run finds the note it already made
 * (a search by token: HubSpot tokenises on punctuation, so no dashes).
 */
export const leadMarker = (messageId: string) => `enlaza${messageId.replace(/-/g, '')}`;

/** The lead's text (a HubSpot note, a Salesforce lead's description): the message, the consent and the answered fields. */
export function leadText(lead: Lead): string {
  const lines = [
    `Message through ${lead.profileName} (Enlaza), ${lead.createdAt.toISOString()}:`,
    lead.body,
    '',
    `Consent to receive communications: ${lead.consent ? 'yes' : 'no'}`,
    ...lead.fields.map((f) => `${f.name}: ${f.value}`),
  ];
  return lines.join('\n');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HubSpot note's body (HubSpot shows notes as HTML), ending in the lead's marker. */
export const hubspotNoteBody = (lead: Lead) =>
  `${escapeHtml(leadText(lead)).replace(/\n/g, '<br>')}<br><br><small>Enlaza lead ${leadMarker(lead.messageId)}</small>`;
