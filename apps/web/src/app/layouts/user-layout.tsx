import { useMemo } from 'react';
import { NotificationHost } from '@/components/notifications';
import { useUnreadCounts } from '@/features/mailbox/api/unread-counts';
import { useSession } from '@/lib/session';
import { AppShellLayout, type ShellLayoutProps } from './app-shell-layout';
import { userNavigation } from './navigation';

export default function UserLayout({ comingSoon }: ShellLayoutProps) {
  const { user } = useSession();
  const unread = useUnreadCounts(Boolean(user)).data?.total ?? 0;
  const navigation = useMemo(() => userNavigation(user, unread), [user, unread]);
  return (
    <>
      <AppShellLayout areaKey="common:areas.user" navigation={navigation} homePath="/user/dashboard" comingSoon={comingSoon} />
      <NotificationHost />
    </>
  );
}
