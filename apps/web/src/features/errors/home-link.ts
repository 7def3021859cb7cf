import { getSession } from '@/lib/session';

/** Back to the dashboard for a signed-in user, to the sign-in page otherwise. */
export function homeFor(): { to: string; labelKey: string } {
  const { token, role } = getSession();
  if (token && role) return { to: role === 'admin' ? '/admin/dashboard' : '/user/dashboard', labelKey: 'backToDashboard' };
  return { to: '/', labelKey: 'backToLogin' };
}
