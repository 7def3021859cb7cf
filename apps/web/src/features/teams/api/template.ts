import { okResponse, teamTemplateSavedSchema, type TeamTemplateBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './team';

export { useTeamTemplate } from '@/lib/api/team-template';

/** `PUT /api/team/template`: its answer says how many team cards took the locked values. */
export const useSaveTemplate = () =>
  useTeamMutation(
    'template',
    async (body: TeamTemplateBody) => (await apiSend('PUT', '/api/team/template', body, okResponse(teamTemplateSavedSchema))).data,
  );
