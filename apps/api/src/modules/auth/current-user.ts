import type { CurrentUser } from '@enlaza/contracts';
import type { UserRow } from '../account/index.js';

/** The inherited shape of `GET /api/user` and of `data.user` in the login answer. */
export const toCurrentUser = (user: UserRow): CurrentUser => ({
  id: user.id,
  name: user.name,
  alias: user.alias,
  codigo: user.codigo,
  email: user.email,
  roll: user.role,
  perfil_id: user.mainProfileId,
  created_at: user.createdAt.toISOString(),
});
