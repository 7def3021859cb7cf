/** The paths the team's calls share (its query keys are `teamKeys`, in lib/api/team-template.ts). */
export const invitationPath = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;
export const tokenPath = (token: string) => `/api/team-invitations/${encodeURIComponent(token)}`;
export const memberPath = (userId: string) => `/api/team/members/${encodeURIComponent(userId)}`;
