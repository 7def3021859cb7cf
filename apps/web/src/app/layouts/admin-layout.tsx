import { NotificationHost } from '@/components/notifications';
import { AppShellLayout } from './app-shell-layout';
import { adminNavigation } from './navigation';

export default function AdminLayout() {
  return (
    <>
      <AppShellLayout areaKey="common:areas.admin" navigation={adminNavigation} homePath="/admin/dashboard" />
      <NotificationHost />
    </>
  );
}
