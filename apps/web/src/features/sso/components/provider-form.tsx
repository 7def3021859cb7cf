import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SsoSettings, SsoSettingsBody } from '@enlaza/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useRemoveSso } from '../api/remove-sso';
import { useSaveSso } from '../api/save-sso';

type Protocol = 'oidc' | 'saml';
const MAPPING_FIELDS = ['email', 'givenName', 'familyName', 'jobTitle'] as const;
/** The usual SAML attribute names (Okta's and Google's defaults), offered when switching a new provider to SAML. */
const SAML_MAPPING = { email: 'email', givenName: 'firstName', familyName: 'lastName', jobTitle: 'title' };

type Values = {
  protocol: Protocol;
  issuer: string;
  clientId: string;
  clientSecret: string;
  metadataXml: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
  mapping: SsoSettings['mapping'];
};

/** The form's values: what the owner typed (the secret and the certificate are never answered, so they start empty). */
function initialValues(settings: SsoSettings): Values {
  const p = settings.provider;
  return {
    protocol: p?.protocol ?? 'oidc',
    issuer: p?.issuer ?? '',
    clientId: p?.clientId ?? '',
    clientSecret: '',
    metadataXml: '',
    entityId: p?.entityId ?? '',
    ssoUrl: p?.ssoUrl ?? '',
    certificate: '',
    mapping: { ...settings.mapping },
  };
}

function bodyOf(v: Values): SsoSettingsBody {
  if (v.protocol === 'oidc')
    return {
      protocol: 'oidc',
      issuer: v.issuer,
      clientId: v.clientId,
      mapping: v.mapping,
      ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
    };
  return {
    protocol: 'saml',
    mapping: v.mapping,
    ...(v.metadataXml.trim()
      ? { metadataXml: v.metadataXml }
      : { entityId: v.entityId, ssoUrl: v.ssoUrl, ...(v.certificate ? { certificate: v.certificate } : {}) }),
  };
}

/** The protocol's own fields: the OIDC issuer and client, or the SAML metadata (or entity id, URL and certificate). */
function ProtocolFields({ values, set, saved }: { values: Values; set: (patch: Partial<Values>) => void; saved: SsoSettings['provider'] }) {
  const { t } = useTranslation('sso');
  return (
    <>
      {values.protocol === 'oidc' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('provider.issuer')}
            description={t('provider.issuerHint')}
            placeholder="https://acme.okta.com"
            value={values.issuer}
            onChange={(e) => set({ issuer: e.currentTarget.value })}
            required
            data-testid="sso-issuer"
          />
          <TextInput
            label={t('provider.clientId')}
            value={values.clientId}
            onChange={(e) => set({ clientId: e.currentTarget.value })}
            required
            data-testid="sso-client-id"
          />
          <PasswordInput
            label={t('provider.clientSecret')}
            description={saved?.clientSecretSet ? t('provider.clientSecretKept') : undefined}
            value={values.clientSecret}
            onChange={(e) => set({ clientSecret: e.currentTarget.value })}
            autoComplete="off"
            data-testid="sso-client-secret"
          />
        </SimpleGrid>
      ) : (
        <Stack gap="sm">
          <Textarea
            label={t('provider.metadataXml')}
            description={t('provider.metadataHint')}
            autosize
            minRows={3}
            maxRows={8}
            value={values.metadataXml}
            onChange={(e) => set({ metadataXml: e.currentTarget.value })}
            data-testid="sso-metadata"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('provider.entityId')}
              value={values.entityId}
              onChange={(e) => set({ entityId: e.currentTarget.value })}
              data-testid="sso-entity-id"
            />
            <TextInput
              label={t('provider.ssoUrl')}
              value={values.ssoUrl}
              onChange={(e) => set({ ssoUrl: e.currentTarget.value })}
              data-testid="sso-sso-url"
            />
          </SimpleGrid>
          <Textarea
            label={t('provider.certificate')}
            description={saved?.protocol === 'saml' ? t('provider.certificateKept', { count: saved.certificates }) : undefined}
            autosize
            minRows={2}
            maxRows={6}
            value={values.certificate}
            onChange={(e) => set({ certificate: e.currentTarget.value })}
            data-testid="sso-certificate"
          />
        </Stack>
      )}
    </>
  );
}

/** The identity provider: OpenID Connect (issuer, client) or SAML (metadata, or entity id, URL and certificate), and the attribute mapping. */
export function ProviderForm({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation('sso');
  const save = useSaveSso();
  const remove = useRemoveSso();
  const [values, setValues] = useState(() => initialValues(settings));
  const [confirming, setConfirming] = useState(false);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const saved = settings.provider;
  const switchTo = (protocol: Protocol) =>
    set({
      protocol,
      ...(saved === null && protocol === 'saml' ? { mapping: SAML_MAPPING } : {}),
      ...(saved === null && protocol === 'oidc' ? { mapping: settings.mapping } : {}),
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(values), {
      onSuccess: () => (notify('success', t('provider.saved')), set({ clientSecret: '', certificate: '', metadataXml: '' })),
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="sso-provider-title" data-testid="sso-provider">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Title order={2} size="h4" id="sso-provider-title">
              {t('provider.title')}
            </Title>
            {saved ? null : (
              <Text size="sm" c="dimmed" data-testid="sso-provider-none">
                {t('provider.none')}
              </Text>
            )}
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sso-protocol-label">
              {t('provider.protocol')}
            </Text>
            <SegmentedControl
              aria-labelledby="sso-protocol-label"
              value={values.protocol}
              onChange={(value) => switchTo(value === 'saml' ? 'saml' : 'oidc')}
              data={[
                { value: 'oidc', label: t('provider.oidc') },
                { value: 'saml', label: t('provider.saml') },
              ]}
              data-testid="sso-protocol"
            />
          </Stack>
          <ProtocolFields values={values} set={set} saved={saved} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('provider.mapping')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('provider.mappingHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {MAPPING_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={t(`provider.${field}`)}
                  value={values.mapping[field]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setValues((v) => ({ ...v, mapping: { ...v.mapping, [field]: value } }));
                  }}
                  data-testid={`sso-map-${field}`}
                />
              ))}
            </SimpleGrid>
          </Stack>
          {save.isError ? (
            <Alert color="red" role="alert" data-testid="sso-provider-error">
              {apiErrorMessage(save.error, t)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} data-testid="sso-save">
              {t('provider.save')}
            </Button>
            {saved ? (
              <Button variant="default" color="red" onClick={() => setConfirming(true)} data-testid="sso-remove">
                {t('provider.remove')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title={t('provider.removeTitle')}
        confirmLabel={t('provider.remove')}
        danger
        loading={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => (notify('success', t('provider.removed')), setConfirming(false)) })}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{t('provider.removeBody')}</Text>
      </ConfirmDialog>
    </Paper>
  );
}
