import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createCustomDomainBodySchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { notify } from '@/components/notifications';
import { SelectField, type SelectFieldOption } from '@/components/select-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useAddCustomDomain } from '../api/add-custom-domain';
import { useDomainTargets } from '../api/get-domain-targets';
import { useMyTeam } from '../api/get-my-team';

/** The select's value for a target: `profile:<id>` or `team:<id>`. */
const toBody = ({ host, target }: { host: string; target: string }) => {
  const [kind, id] = target.split(':');
  return kind === 'team' ? { host, teamId: id } : { host, profileId: id || undefined };
};

/**
 * Adds a domain: the host and what it serves (one of my cards or tags, or the directory of the team I
 * own); `note` says how many the plan allows, beside the button. A host another owner serves, or one of ours, is said under its field; the plan's limit in the
 * form's general error.
 */
export function AddCustomDomainForm({ full, note }: { full: boolean; note: ReactNode }) {
  const { t } = useTranslation('custom-domains');
  const add = useAddCustomDomain();
  const targets = useDomainTargets();
  const team = useMyTeam();
  const form = useContractForm(createCustomDomainBodySchema, {
    initialValues: { host: '', target: '' },
    toBody,
    fieldOf: { profileId: 'target', teamId: 'target' },
    messages: { profileId: t('add.targetRequired'), target: t('add.targetRequired') },
    fieldOfError: (error) =>
      error.code === 'custom_domains.host_taken' || error.code === 'custom_domains.host_reserved' ? 'host' : undefined,
  });
  const submit = form.onSubmit((body) =>
    add.mutate(body, {
      onSuccess: (added) => {
        notify('success', t('add.done', { host: added.host }));
        form.form.reset();
      },
      onError: form.setServerError,
    }),
  );

  const list = targets.data ?? [];
  const owned = team.data?.role === 'owner' ? team.data.team : null;
  const options: SelectFieldOption[] = [
    { value: '', label: t(targets.isPending ? 'add.targetLoading' : 'add.targetChoose') },
    ...list.filter((p) => p.kind === 'card').map((p) => ({ value: `profile:${p.id}`, label: t('add.targetCard', { name: p.name }) })),
    ...list.filter((p) => p.kind === 'tag').map((p) => ({ value: `profile:${p.id}`, label: t('add.targetTag', { name: p.name }) })),
    ...(owned ? [{ value: `team:${owned.id}`, label: t('add.targetTeam', { name: owned.name }) }] : []),
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby="custom-add-title" data-testid="custom-domain-add">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="custom-add-title">
            {t('add.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              {...form.field('host')}
              label={t('add.host')}
              description={t('add.hostHint')}
              placeholder={t('add.hostPlaceholder')}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              disabled={full}
              data-testid="custom-domain-add-host"
            />
            <SelectField
              label={t('add.target')}
              description={t('add.targetHint')}
              value={String(form.values.target)}
              onChange={(value) => form.form.setFieldValue('target', value)}
              data={options}
              error={form.errorOf('target')}
              required
              data-testid="custom-domain-add-target"
            />
          </SimpleGrid>
          <FormGeneralError error={form.generalError} />
          <Group justify="space-between" gap="xs" wrap="wrap">
            {note}
            <Button type="submit" loading={add.isPending} disabled={full} data-testid="custom-domain-add-submit">
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
