import { okResponse, scimOverviewSchema } from '@enlaza/contracts';

/** The query keys of the team's SCIM provisioning. */
export const scimKeys = { overview: ['team', 'scim'] as const };

export const scimOverviewAnswer = okResponse(scimOverviewSchema);
