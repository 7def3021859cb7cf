import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createSendingDomainBodySchema, SENDING_DOMAINS_PER_USER } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { notify } from '@/components/notifications';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useAddSendingDomain } from '../api/add-sending-domain';

/** The part before the @ a new domain starts with. */
const DEFAULT_LOCAL_PART = 'hola';

/**
 * Adds a domain: its name and the part before the @ of the address campaigns will come from. A domain
 * already added is said under its field; the limit of domains in the form's general error.
 */
export function AddDomainForm({ full }: { full: boolean }) {
  const { t } = useTranslation('sending-domains');
  const add = useAddSendingDomain();
  const form = useContractForm(createSendingDomainBodySchema, {
    initialValues: { domain: '', localPart: DEFAULT_LOCAL_PART },
    fieldOfError: (error) => (error.code === 'sending.domain_exists' ? 'domain' : undefined),
  });
  const submit = form.onSubmit((body) =>
    add.mutate(body, {
      onSuccess: (added) => {
        notify('success', t('add.done', { domain: added.domain }));
        form.form.reset();
      },
      onError: form.setServerError,
    }),
  );
  const preview = `${form.values.localPart.trim().toLowerCase() || DEFAULT_LOCAL_PART}@${form.values.domain.trim().toLowerCase() || t('add.domainPlaceholder')}`;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby="sending-add-title" data-testid="sending-add">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="sending-add-title">
            {t('add.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              {...form.field('domain')}
              label={t('add.domain')}
              description={t('add.domainHint')}
              placeholder={t('add.domainPlaceholder')}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              disabled={full}
              data-testid="sending-add-domain"
            />
            <TextInput
              {...form.field('localPart')}
              label={t('add.localPart')}
              description={t('add.localPartHint')}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              disabled={full}
              data-testid="sending-add-local-part"
            />
          </SimpleGrid>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="sending-add-preview">
            {t('add.preview', { address: preview })}
          </Text>
          <FormGeneralError error={form.generalError} />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {full ? t('add.full', { count: SENDING_DOMAINS_PER_USER }) : t('add.limit', { count: SENDING_DOMAINS_PER_USER })}
            </Text>
            <Button type="submit" loading={add.isPending} disabled={full} data-testid="sending-add-submit">
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
