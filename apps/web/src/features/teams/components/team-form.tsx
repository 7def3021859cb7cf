import { Button, ColorInput, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { aliasFromName, teamBodySchema, type Team } from '@enlaza/contracts';
import { AliasField } from '@/components/alias-field';
import { CloudImagePicker } from '@/components/cloud-image-picker';
import { FormGeneralError } from '@/components/form-general-error';
import { notify } from '@/components/notifications';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useAliasCheck } from '@/lib/use-alias-check';
import { useCreateTeam } from '../api/create-team';
import { useUpdateTeam } from '../api/update-team';
import { SWATCHES } from '@/components/swatches';

interface TeamValues {
  name: string;
  alias: string;
  /** The alias was typed, so a change of the name no longer proposes one. */
  aliasEdited: boolean;
  logoFileId: string | null;
  coverFileId: string | null;
  color: string;
  address: string;
  website: string;
}

const valuesOf = (team: Team | null): TeamValues => ({
  name: team?.name ?? '',
  alias: team?.alias ?? '',
  aliasEdited: team !== null,
  logoFileId: team?.logoFileId ?? null,
  coverFileId: team?.coverFileId ?? null,
  color: team?.color ?? '#12b886',
  address: team?.address ?? '',
  website: team?.website ?? '',
});

const aliasOf = (values: TeamValues) => (values.aliasEdited ? values.alias : aliasFromName(values.name));

/**
 * The team's own details: its name, its public alias (checked live, in the same namespace as the
 * accounts'), logo, colour, address and website. `team` null creates a team (and its owner's card).
 */
export function TeamForm({ team, onCancel }: { team: Team | null; onCancel?: () => void }) {
  const { t } = useTranslation('teams');
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const pending = create.isPending || update.isPending;
  const form = useContractForm(teamBodySchema, {
    initialValues: valuesOf(team),
    toBody: (values: TeamValues) => ({
      name: values.name,
      alias: aliasOf(values).trim().toLowerCase(),
      logoFileId: values.logoFileId,
      coverFileId: values.coverFileId,
      color: values.color,
      address: values.address.trim() || null,
      website: values.website.trim() || null,
    }),
    messages: { name: t('form.errors.name'), alias: t('register:alias.invalid'), color: t('form.errors.color') },
  });
  const { values } = form;
  const alias = aliasOf(values);
  const check = useAliasCheck(alias, values.name);
  // The team's own alias is "taken" by itself: nothing to say about it.
  const feedback = team && alias.trim().toLowerCase() === team.alias ? { state: 'empty' as const } : check.feedback;

  const submit = form.onSubmit((body) => {
    if (team) update.mutate(body, { onError: form.setServerError, onSuccess: () => notify('success', t('form.saved')) });
    else create.mutate(body, { onError: form.setServerError });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={team ? t('form.editTitle') : t('form.createTitle')} data-testid="team-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...form.field('name')} label={t('form.name')} autoComplete="organization" data-testid="team-name" />
          <AliasField
            {...form.field('alias')}
            value={alias}
            onChange={(next) => form.form.setValues({ alias: next, aliasEdited: true })}
            feedback={feedback}
            error={form.errorOf('alias')}
            label={t('form.alias')}
            hint={(url) => t('form.aliasHint', { url })}
            testId="team-alias"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CloudImagePicker
            label={t('form.logo')}
            value={values.logoFileId}
            onChange={(logoFileId) => form.form.setFieldValue('logoFileId', logoFileId)}
            error={form.errorOf('logoFileId')}
            aspect="logo"
          />
          <ColorInput
            {...form.field('color')}
            label={t('form.color')}
            description={t('form.colorHint')}
            format="hex"
            swatches={SWATCHES}
            swatchesPerRow={8}
            eyeDropperButtonProps={{ 'aria-label': t('form.eyeDropper'), title: t('form.eyeDropper') }}
            data-testid="team-color"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...form.field('address')} label={t('form.address')} autoComplete="street-address" data-testid="team-address" />
          <TextInput
            {...form.field('website')}
            type="url"
            label={t('form.website')}
            placeholder="https://"
            autoComplete="url"
            data-testid="team-website"
          />
        </SimpleGrid>
        <FormGeneralError error={form.generalError} testId="team-form-error" />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {t('form.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={pending} data-testid="team-save">
            {team ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
