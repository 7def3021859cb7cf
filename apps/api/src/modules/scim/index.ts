/** SCIM provisioning of a team (docs/teams.md, "Provisioning with SCIM"): nothing of it is used by other modules yet. */
export type { ScimManagement } from './management.js';
