import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, MultiSelect, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Campaign } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { formatNumber } from '@/lib/format';
import { useAudienceCount, useAudienceOptions, useSaveCampaign, useStartCampaign, useTemplateOptions } from '../api/campaigns';
import { isoToZoned, zonedToIso } from './zoned-time';

type Props = { campaign: Campaign | null; timeZone: string; onDone: (campaign: Campaign) => void; onCancel: () => void };

/** Create or edit a draft: name, template, audience (with the live recipient count), send now or at a time in the user's zone. */
export function CampaignForm({ campaign, timeZone, onDone, onCancel }: Props) {
  const { t } = useTranslation(['campaigns', 'admin']);
  const locale = useLocale();
  const [name, setName] = useState(campaign?.name ?? '');
  const [templateId, setTemplateId] = useState<string | null>(campaign?.templateId ?? null);
  const [profileIds, setProfileIds] = useState<string[]>(campaign?.audience.profileIds ?? []);
  const [folderIds, setFolderIds] = useState<string[]>(campaign?.audience.folderIds ?? []);
  const [labelIds, setLabelIds] = useState<string[]>(campaign?.audience.labelIds ?? []);
  const [when, setWhen] = useState<'now' | 'later'>(campaign?.scheduledAt ? 'later' : 'now');
  const [at, setAt] = useState(campaign?.scheduledAt ? isoToZoned(campaign.scheduledAt, timeZone) : '');
  const [error, setError] = useState<unknown>(null);
  // "Send now" asks first: what goes out, to how many, and that it cannot be unsent.
  const [confirming, setConfirming] = useState(false);
  const templates = useTemplateOptions();
  const options = useAudienceOptions();
  const audience = { profileIds, folderIds, labelIds, listIds: campaign?.audience.listIds ?? [] };
  const count = useAudienceCount(audience);
  const save = useSaveCampaign();
  const start = useStartCampaign();
  const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
  const busy = save.isPending || start.isPending;
  const atIso = when === 'later' ? zonedToIso(at, timeZone) : null;

  const submit = async (andStart: boolean) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: campaign?.id ?? null, body: { name, templateId, audience } });
      if (!andStart) return onDone(saved);
      onDone(await start.mutateAsync({ id: saved.id, ...(atIso ? { at: atIso } : {}) }));
    } catch (e) {
      setError(e);
    }
  };
  const overQuota = error instanceof ApiError && (error.code === 'campaign.over_quota' || error.code === 'campaign.over_quota_scheduled');

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (when === 'now') setConfirming(true);
        else void submit(true);
      }}
      data-testid="campaign-form"
    >
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={120}
          error={fieldErrors.name?.join(' ')}
          data-autofocus
        />
        <Select
          label={t('form.template')}
          placeholder={t('form.templatePlaceholder')}
          data={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          value={templateId}
          onChange={setTemplateId}
          searchable
          nothingFoundMessage={t('form.noTemplates')}
          error={fieldErrors.templateId?.join(' ')}
          description={templates.data && templates.data.length === 0 ? t('form.noTemplates') : undefined}
        />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('form.audience')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('form.audienceHelp')}
          </Text>
          <MultiSelect
            label={t('form.profiles')}
            data={options.data?.profiles ?? []}
            value={profileIds}
            onChange={setProfileIds}
            searchable
            clearable
            data-testid="audience-profiles"
          />
          <MultiSelect
            label={t('form.folders')}
            data={options.data?.folders ?? []}
            value={folderIds}
            onChange={setFolderIds}
            searchable
            clearable
          />
          <MultiSelect
            label={t('form.labels')}
            data={options.data?.labels ?? []}
            value={labelIds}
            onChange={setLabelIds}
            searchable
            clearable
          />
          <Text size="sm" aria-live="polite" data-testid="audience-count">
            {count.isError
              ? t('form.countError')
              : count.data === undefined
                ? t('form.counting')
                : t('form.recipients', { count: count.data, formatted: formatNumber(count.data, locale) })}
          </Text>
        </Stack>
        <Radio.Group label={t('form.when')} value={when} onChange={(v) => setWhen(v === 'later' ? 'later' : 'now')}>
          <Group mt="xs">
            <Radio value="now" label={t('form.now')} />
            <Radio value="later" label={t('form.later')} />
          </Group>
        </Radio.Group>
        {when === 'later' ? (
          <TextInput
            type="datetime-local"
            label={t('form.at')}
            description={t('form.timeZone', { zone: timeZone })}
            value={at}
            onChange={(e) => setAt(e.currentTarget.value)}
            required
            error={at && !atIso ? t('form.badTime') : undefined}
          />
        ) : null}
        {error ? (
          <Alert color="red" role="alert" data-testid="campaign-error">
            {apiErrorMessage(error, t)}
            {overQuota ? (
              <>
                {' '}
                <Anchor component={Link} to="/user/paquetes">
                  {t('form.addOns')}
                </Anchor>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button
            variant="light"
            onClick={() => void submit(false)}
            loading={save.isPending && !start.isPending}
            disabled={busy || !name.trim()}
          >
            {t('form.saveDraft')}
          </Button>
          <Button type="submit" loading={start.isPending} disabled={busy || !name.trim() || !templateId || (when === 'later' && !atIso)}>
            {when === 'later' ? t('form.schedule') : t('form.sendNow')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirm.title')}
        centered
        closeButtonProps={{ 'aria-label': t('admin:close') }}
      >
        <Stack gap="sm" data-testid="campaign-confirm">
          <Text>
            {count.data === undefined
              ? t('form.counting')
              : t('confirm.body', {
                  name: name.trim(),
                  template: templates.data?.find((tpl) => tpl.id === templateId)?.name ?? '',
                  count: count.data,
                  formatted: formatNumber(count.data, locale),
                })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('confirm.note')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('confirm.back')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                void submit(true);
              }}
              data-testid="campaign-confirm-send"
            >
              {count.data === undefined
                ? t('form.sendNow')
                : t('confirm.send', { count: count.data, formatted: formatNumber(count.data, locale) })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
