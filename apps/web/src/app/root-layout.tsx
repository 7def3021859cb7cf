import { Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from './loading-overlay';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      <LoadingOverlay visible={navigation.state !== 'idle'} />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first navigation (guard + page code) loads. */
export function InitialLoading() {
  return <LoadingOverlay visible />;
}

/** Last resort for an unexpected error while rendering or loading a route. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={440} ta="center" role="alert">
        <Title order={1} size="h2">
          {t('unexpectedError.title')}
        </Title>
        <Text c="dimmed">{t('unexpectedError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
      </Stack>
    </Center>
  );
}
