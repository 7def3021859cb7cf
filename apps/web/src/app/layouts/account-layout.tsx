import { AppShellLayout, type ShellLayoutProps } from './app-shell-layout';
import { accountNavigation } from './navigation';

export default function AccountLayout({ comingSoon }: ShellLayoutProps) {
  return (
    <AppShellLayout areaKey="common:areas.account" navigation={accountNavigation} homePath="/user/dashboard" comingSoon={comingSoon} />
  );
}
