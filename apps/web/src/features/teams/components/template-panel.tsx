import { useState, type ReactNode } from 'react';
import { Alert, Button, ColorInput, Group, Paper, SegmentedControl, Input, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { teamTemplateBodySchema, type TeamTemplate, type TeamTemplateField } from '@enlaza/contracts';
import { CloudImagePicker } from '@/components/cloud-image-picker';
import { FormGeneralError } from '@/components/form-general-error';
import { SWATCHES } from '@/components/swatches';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useTeamTemplate } from '@/lib/api/team-template';
import { useSaveTemplate } from '../api/save-template';
import { LockIcon } from '@/components/lock-icon';
import { LoadFailed, Loading } from './parts';
import { SharedLinks } from './shared-links';
import { bodyOf, LAYOUTS, valuesOf, type TemplateForm } from './template-values';

/**
 * A template field with its lock: locked, members cannot change it and a change reaches every card.
 * The switch says what turning it on does ("Locked for members"), whatever its state; the line
 * under it says what the current state means.
 */
function Locked({ field, form, children }: { field: TeamTemplateField; form: TemplateForm; children: ReactNode }) {
  const { t } = useTranslation('teams');
  const locked = form.values.locks[field] === 'locked';
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`template-field-${field}`}>
      <Stack gap="xs">
        {children}
        <Switch
          checked={locked}
          onChange={(event) => form.form.setFieldValue(`locks.${field}`, event.currentTarget.checked ? 'locked' : 'editable')}
          label={
            <Group gap={6} wrap="nowrap" component="span">
              {locked ? <LockIcon /> : null}
              {t('template.lockedForMembers')}
            </Group>
          }
          description={t(locked ? 'template.lockedHint' : 'template.editableHint')}
          aria-label={t('template.lockLabel', { field: t(`fields.${field}`) })}
          data-testid={`template-lock-${field}`}
        />
      </Stack>
    </Paper>
  );
}

function TemplateFormView({ template }: { template: TeamTemplate }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const save = useSaveTemplate();
  const [updated, setUpdated] = useState<number | null>(null);
  const form = useContractForm(teamTemplateBodySchema, {
    initialValues: valuesOf(template),
    toBody: bodyOf,
    messages: { 'values.theme.color': t('form.errors.color') },
    onValuesChange: () => setUpdated(null),
  });
  const { values } = form.values;
  const set = form.form.setFieldValue;
  const submit = form.onSubmit((body) =>
    save.mutate(body, { onSuccess: (saved) => setUpdated(saved.cardsUpdated), onError: form.setServerError }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('template.title')} data-testid="template-form">
      <Stack gap="md">
        <Locked field="company" form={form}>
          <TextInput {...form.field('values.company')} label={t('fields.company')} data-testid="template-company" />
        </Locked>
        <Locked field="logo" form={form}>
          <CloudImagePicker
            label={t('fields.logo')}
            value={values.logoFileId}
            onChange={(id) => set('values.logoFileId', id)}
            error={form.errorOf('values.logoFileId')}
            aspect="logo"
          />
        </Locked>
        <Locked field="cover" form={form}>
          <CloudImagePicker
            label={t('fields.cover')}
            value={values.coverFileId}
            onChange={(id) => set('values.coverFileId', id)}
            error={form.errorOf('values.coverFileId')}
            aspect="wide"
          />
        </Locked>
        <Locked field="address" form={form}>
          <TextInput {...form.field('values.address')} label={t('fields.address')} data-testid="template-address" />
        </Locked>
        <Locked field="website" form={form}>
          <TextInput
            {...form.field('values.website')}
            type="url"
            placeholder="https://"
            label={t('fields.website')}
            data-testid="template-website"
          />
        </Locked>
        <Locked field="theme" form={form}>
          <Group align="flex-start" gap="md" wrap="wrap">
            <ColorInput
              {...form.field('values.theme.color')}
              label={t('template.color')}
              format="hex"
              swatches={SWATCHES}
              swatchesPerRow={6}
              eyeDropperButtonProps={{ 'aria-label': t('form.eyeDropper'), title: t('form.eyeDropper') }}
              style={{ flex: '1 1 200px' }}
            />
            <Stack gap={4} style={{ flex: '1 1 260px' }}>
              <Input.Label component="span" id="template-layout-label">
                {t('template.layout')}
              </Input.Label>
              <SegmentedControl
                value={values.theme.layout}
                onChange={(layout) => set('values.theme.layout', layout)}
                data={LAYOUTS.map((layout) => ({ value: layout, label: t(`template.layouts.${layout}`) }))}
                fullWidth
                aria-labelledby="template-layout-label"
              />
            </Stack>
          </Group>
        </Locked>
        <Locked field="links" form={form}>
          <SharedLinks form={form} />
        </Locked>
        <FormGeneralError error={form.generalError} />
        {updated !== null ? (
          <Alert color="teal" role="status" data-testid="template-saved">
            {t('template.saved', { count: updated, formatted: formatNumber(updated, locale) })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="template-save">
            {t('template.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The card template: the company fields every team card takes, each locked or a starting value. */
export function TemplatePanel() {
  const { t } = useTranslation('teams');
  const template = useTeamTemplate();
  return (
    <Stack gap="md" data-testid="team-template">
      <Text size="sm" c="dimmed">
        {t('template.intro')}
      </Text>
      {template.isPending ? (
        <Loading heights={[90, 90, 90]} />
      ) : template.isError ? (
        <LoadFailed title={t('template.loadFailed')} onRetry={() => void template.refetch()} />
      ) : (
        <TemplateFormView template={template.data} />
      )}
    </Stack>
  );
}
