import { AppShellLayout } from './app-shell-layout';
import { accountNavigation } from './navigation';

export default function AccountLayout() {
  return <AppShellLayout areaKey="common:areas.account" navigation={accountNavigation} homePath="/user/dashboard" />;
}
