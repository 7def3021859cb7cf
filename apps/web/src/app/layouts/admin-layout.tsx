import { NotificationHost } from '@/components/notifications';
import { AppShellLayout, type ShellLayoutProps } from './app-shell-layout';
import { adminNavigation } from './navigation';

export default function AdminLayout({ comingSoon }: ShellLayoutProps) {
  return (
    <>
      <AppShellLayout areaKey="common:areas.admin" navigation={adminNavigation} homePath="/admin/dashboard" comingSoon={comingSoon} />
      <NotificationHost />
    </>
  );
}
