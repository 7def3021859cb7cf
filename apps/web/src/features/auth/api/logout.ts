import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoutResponseSchema } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { clearSession } from '@/lib/session';

/** `GET /api/logout`; the session is cleared whether the call succeeds or fails (spec §4). */
export async function logout(): Promise<void> {
  try {
    await apiGet('/api/logout', logoutResponseSchema);
  } catch (error) {
    console.error('logout call failed; clearing the session anyway', error);
  } finally {
    clearSession();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
