import { callVendor } from './vendor-http.js';
import { hubspotNoteBody, leadMarker, splitName, type Lead } from './lead.js';

/** HubSpot's association type "note to contact" (HUBSPOT_DEFINED). */
const NOTE_TO_CONTACT = 202;

type Upserted = { results: { id: string }[] };
type Found = { total: number; results: { id: string }[] };

/** What the sync has recorded so far, and how to record a step as soon as HubSpot names its result. */
export type Progress = { recordId: string | null; noteId: string | null };
export type Steps = {
  contact: (contactId: string, url: string) => Promise<void>;
  note: (noteId: string) => Promise<void>;
};

/**
 * A lead into HubSpot (docs/decisions/0041-leads-into-the-crm.md): the contact upserted by its email
 * (batch upsert with `idProperty: email`, so a repeat lands on the same contact), then one note on
 * it with the message, the consent and the answered fields. Before creating the note, a search for
 * the lead's marker among the contact's notes finds one a killed attempt already made.
 */
export function createHubspotWriter(fetch: typeof globalThis.fetch, settings: { apiUrl: string; appUrl: string }) {
  return async function push(lead: Lead, token: string, accountId: string, progress: Progress, steps: Steps): Promise<void> {
    let contactId = progress.recordId;
    if (!contactId) {
      const { first, last } = splitName(lead.name);
      const properties: Record<string, string> = { email: lead.email, firstname: first, lastname: last };
      if (lead.phone) properties.phone = lead.phone;
      const answer = await callVendor<Upserted>(fetch, {
        method: 'POST',
        url: `${settings.apiUrl}/crm/v3/objects/contacts/batch/upsert`,
        token,
        json: { inputs: [{ id: lead.email, idProperty: 'email', properties }] },
      });
      contactId = answer.results[0]!.id;
      await steps.contact(contactId, `${settings.appUrl}/contacts/${accountId}/record/0-1/${contactId}`);
    }
    if (progress.noteId) return;
    const found = await callVendor<Found>(fetch, {
      method: 'POST',
      url: `${settings.apiUrl}/crm/v3/objects/notes/search`,
      token,
      json: {
        filterGroups: [
          {
            filters: [
              { propertyName: 'associations.contact', operator: 'EQ', value: contactId },
              { propertyName: 'hs_note_body', operator: 'CONTAINS_TOKEN', value: leadMarker(lead.messageId) },
            ],
          },
        ],
        properties: ['hs_note_body'],
        sorts: [],
        limit: 1,
        after: '0',
      },
    });
    if (found.results[0]) return steps.note(found.results[0].id);
    const note = await callVendor<{ id: string }>(fetch, {
      method: 'POST',
      url: `${settings.apiUrl}/crm/v3/objects/notes`,
      token,
      json: {
        properties: { hs_timestamp: lead.createdAt.toISOString(), hs_note_body: hubspotNoteBody(lead) },
        associations: [{ to: { id: contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT }] }],
      },
    });
    await steps.note(note.id);
  };
}
