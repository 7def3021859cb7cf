import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SsoSettings } from '@enlaza/contracts';
import { CopyValue } from '@/components/copy-value';

/** The redirect URI, ACS URL, entity id and metadata URL to paste into Okta, Entra ID or Google Workspace. */
export function ServiceProviderValues({ values }: { values: SsoSettings['serviceProvider'] }) {
  const { t } = useTranslation('sso');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="sso-values-title" data-testid="sso-values">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="sso-values-title">
            {t('values.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('values.intro')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CopyValue label={t('values.oidcRedirectUri')} value={values.oidcRedirectUri} testId="sso-oidc-redirect" />
          <CopyValue label={t('values.samlAcsUrl')} value={values.samlAcsUrl} testId="sso-saml-acs" />
          <CopyValue label={t('values.samlEntityId')} value={values.samlEntityId} testId="sso-saml-entity" />
          <CopyValue label={t('values.samlMetadataUrl')} value={values.samlMetadataUrl} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
