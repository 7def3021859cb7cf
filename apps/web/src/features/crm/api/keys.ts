/** Query keys of my CRM connections and their sync logs. */
export const crmKeys = {
  all: ['crm'] as const,
  syncs: (connectionId: string) => ['crm', connectionId, 'syncs'] as const,
};

/** A connection's path. */
export const crmConnectionPath = (id: string) => `/api/crm/connections/${encodeURIComponent(id)}`;
