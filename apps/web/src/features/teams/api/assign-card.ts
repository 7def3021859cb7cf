import { okResponse, teamCardSchema, type TeamCard } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './use-team-mutation';

/** `POST /api/team/cards/{id}/assign`: the same card (link and QR) to another member. */
export async function assignCard({ cardId, userId }: { cardId: string; userId: string }): Promise<TeamCard> {
  return (await apiSend('POST', `/api/team/cards/${encodeURIComponent(cardId)}/assign`, { userId }, okResponse(teamCardSchema))).data;
}

export const useAssignCard = () => useTeamMutation('assign', assignCard);
