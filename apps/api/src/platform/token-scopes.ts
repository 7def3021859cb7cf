import type { ApiTokenScope } from '@enlaza/contracts';

/**
 * The one table of what a personal access token may call: each covered operation ("METHOD /path"
 * as the OpenAPI document writes it) and the scope it needs. An operation missing here refuses
 * every token (account settings, the tokens themselves, sessions, password, payments, the admin
 * area…), so a new route is closed to tokens until someone decides its scope. The same table marks
 * the operations in the OpenAPI document (openapi.ts).
 */
export const TOKEN_SCOPES: Readonly<Record<string, ApiTokenScope>> = {
  'GET /api/profiles': 'cards:read',
  'GET /api/profiles/{id}': 'cards:read',
  'GET /api/profiles/{id}/stats': 'cards:read',
  'GET /api/profiles/{id}/signature': 'cards:read',
  'GET /api/folders': 'cards:read',
  'GET /api/labels': 'cards:read',
  'POST /api/profiles': 'cards:write',
  'PUT /api/profiles/{id}': 'cards:write',
  'POST /api/profiles/bulk': 'cards:write',
  'POST /api/folders': 'cards:write',
  'PUT /api/folders/{id}': 'cards:write',
  'DELETE /api/folders/{id}': 'cards:write',
  'POST /api/labels': 'cards:write',
  'PUT /api/labels/{id}': 'cards:write',
  'DELETE /api/labels/{id}': 'cards:write',
  'GET /api/custom-domains': 'cards:read',
  'POST /api/custom-domains': 'cards:write',
  'POST /api/custom-domains/{id}/check': 'cards:write',
  'DELETE /api/custom-domains/{id}': 'cards:write',

  'GET /api/mailbox/unread': 'messages:read',
  'GET /api/mailbox/{profileId}/messages': 'messages:read',
  'GET /api/mailbox/{profileId}/messages.csv': 'messages:read',
  'GET /api/mailbox/messages/{id}': 'messages:read',
  'GET /api/crm': 'messages:read',
  'GET /api/crm/connections/{id}/syncs': 'messages:read',

  'POST /api/audience/count': 'audience',
  'GET /api/audience/sources': 'audience',
  'GET /api/audience/lists': 'audience',
  'POST /api/audience/lists/preview': 'audience',
  'POST /api/audience/lists/import': 'audience',
  'GET /api/audience/lists/{id}': 'audience',
  'DELETE /api/audience/lists/{id}': 'audience',
  'GET /api/audience/lists/{id}/contacts': 'audience',
  'DELETE /api/audience/lists/{id}/contacts/{contactId}': 'audience',
  'GET /api/audience/visitors': 'audience',
  'GET /api/audience/fields': 'audience',
  'POST /api/audience/fields': 'audience',
  'PATCH /api/audience/fields/{id}': 'audience',
  'DELETE /api/audience/fields/{id}': 'audience',
  'GET /api/audience/fields/values': 'audience',
  'PUT /api/audience/fields/values': 'audience',
  'GET /api/audience/segments': 'audience',
  'POST /api/audience/segments': 'audience',
  'POST /api/audience/segments/count': 'audience',
  'GET /api/audience/segments/{id}': 'audience',
  'GET /api/audience/segments/{id}/count': 'audience',
  'PATCH /api/audience/segments/{id}': 'audience',
  'DELETE /api/audience/segments/{id}': 'audience',
  'GET /api/audience/consent': 'audience',
  'PUT /api/audience/consent': 'audience',
  'GET /api/audience/consents': 'audience',
  'GET /api/audience/suppressions': 'audience',
  'POST /api/audience/suppressions': 'audience',
  'DELETE /api/audience/suppressions/{email}': 'audience',

  'GET /api/campaigns': 'campaigns',
  'POST /api/campaigns': 'campaigns',
  'GET /api/campaigns/templates': 'campaigns',
  'GET /api/campaigns/sender': 'campaigns',
  'PUT /api/campaigns/sender': 'campaigns',
  'GET /api/sending-domains': 'campaigns',
  'POST /api/sending-domains': 'campaigns',
  'PATCH /api/sending-domains/{id}': 'campaigns',
  'POST /api/sending-domains/{id}/check': 'campaigns',
  'DELETE /api/sending-domains/{id}': 'campaigns',
  'POST /api/campaigns/audience-count': 'campaigns',
  'GET /api/campaigns/{id}': 'campaigns',
  'PUT /api/campaigns/{id}': 'campaigns',
  'DELETE /api/campaigns/{id}': 'campaigns',
  'GET /api/campaigns/{id}/review': 'campaigns',
  'POST /api/campaigns/{id}/test': 'campaigns',
  'POST /api/campaigns/{id}/start': 'campaigns',
  'POST /api/campaigns/{id}/pause': 'campaigns',
  'POST /api/campaigns/{id}/resume': 'campaigns',
  'POST /api/campaigns/{id}/cancel': 'campaigns',
  'GET /api/automations': 'campaigns',
  'POST /api/automations': 'campaigns',
  'GET /api/automations/{id}': 'campaigns',
  'PUT /api/automations/{id}': 'campaigns',
  'DELETE /api/automations/{id}': 'campaigns',
  'POST /api/automations/{id}/steps': 'campaigns',
  'PUT /api/automations/{id}/steps/{stepId}': 'campaigns',
  'DELETE /api/automations/{id}/steps/{stepId}': 'campaigns',
  'POST /api/automations/{id}/activate': 'campaigns',
  'POST /api/automations/{id}/pause': 'campaigns',
  'POST /api/automations/{id}/steps/{stepId}/test': 'campaigns',
  'GET /api/automations/{id}/people': 'campaigns',

  'GET /api/datasuscription': 'billing:read',
  'GET /api/envio/data': 'billing:read',
  'GET /api/user/myplan': 'billing:read',
  'GET /api/user/pagos': 'billing:read',
  'GET /api/invoices': 'billing:read',
  'GET /api/invoices/{id}': 'billing:read',
  'GET /api/invoices/{id}/pdf': 'billing:read',
};

/** Fastify's `/api/profiles/:id` as the document writes it: `/api/profiles/{id}`. */
export const documentedPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The scope an operation needs, from the request's method and matched route; null: no token may call it. */
export function tokenScopeOf(method: string, routeUrl: string | undefined): ApiTokenScope | null {
  if (!routeUrl) return null;
  // HEAD is answered by the GET route.
  return TOKEN_SCOPES[`${method === 'HEAD' ? 'GET' : method} ${documentedPath(routeUrl)}`] ?? null;
}
