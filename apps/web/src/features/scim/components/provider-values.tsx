import { List, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '@/components/copy-value';

const STEPS = { okta: 6, entra: 6 } as const;

/** The base URL and, per identity provider, where each value goes (docs/teams.md, "Provisioning with SCIM"). */
export function ProviderValues({ baseUrl }: { baseUrl: string }) {
  const { t } = useTranslation('scim');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="scim-values-title" data-testid="scim-values">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="scim-values-title">
            {t('values.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('values.intro')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CopyValue label={t('values.baseUrl')} value={baseUrl} testId="scim-base-url" />
          <CopyValue label={t('values.uniqueId')} value="userName" testId="scim-unique-id" />
        </SimpleGrid>
        <Tabs defaultValue="okta" keepMounted={false}>
          <Tabs.List aria-label={t('values.providers')}>
            <Tabs.Tab value="okta" data-testid="scim-tab-okta">
              Okta
            </Tabs.Tab>
            <Tabs.Tab value="entra" data-testid="scim-tab-entra">
              Microsoft Entra ID
            </Tabs.Tab>
          </Tabs.List>
          {(['okta', 'entra'] as const).map((provider) => (
            <Tabs.Panel key={provider} value={provider} pt="sm">
              <List type="ordered" size="sm" spacing={6} data-testid={`scim-steps-${provider}`}>
                {Array.from({ length: STEPS[provider] }, (_, i) => (
                  <List.Item key={i}>{t(`values.${provider}.step${i + 1}`, { baseUrl })}</List.Item>
                ))}
              </List>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Paper>
  );
}
