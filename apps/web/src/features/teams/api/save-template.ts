import { okResponse, teamTemplateSavedSchema, type TeamTemplateBody } from '@enlaza/contracts';
import type { z } from 'zod';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './use-team-mutation';

/** `PUT /api/team/template`: its answer says how many team cards took the locked values. */
export async function saveTemplate(body: TeamTemplateBody): Promise<z.infer<typeof teamTemplateSavedSchema>> {
  return (await apiSend('PUT', '/api/team/template', body, okResponse(teamTemplateSavedSchema))).data;
}

export const useSaveTemplate = () => useTeamMutation('template', saveTemplate);
