import { useMemo } from 'react';
import { useSession } from '@/lib/session';
import { AppShellLayout } from './app-shell-layout';
import { userNavigation } from './navigation';

export default function UserLayout() {
  const { user } = useSession();
  const navigation = useMemo(() => userNavigation(user), [user]);
  return <AppShellLayout areaKey="common:areas.user" navigation={navigation} homePath="/user/dashboard" />;
}
