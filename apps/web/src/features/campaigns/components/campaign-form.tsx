import { useState } from 'react';
import { Button, Group, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { campaignBodySchema, type AudienceSelector, type Campaign } from '@enlaza/contracts';
import { AudiencePicker, EMPTY_AUDIENCE } from '@/components/audience-picker';
import { FormGeneralError } from '@/components/form-general-error';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useTemplateOptions } from '../api/get-template-options';
import { useSaveCampaign } from '../api/save-campaign';
import { CampaignReview } from './campaign-review';
import { isoToZoned, zonedToIso } from './zoned-time';

type Props = { campaign: Campaign | null; timeZone: string; onDone: (campaign: Campaign) => void; onCancel: () => void };

/**
 * Create or edit a draft: name, template, audience (cards, tags, folders, labels and imported lists,
 * with the live recipient count), now or at a time in the user's zone. "Review" saves the draft and
 * shows the review step (campaign-review.tsx), where it is tested and sent.
 */
export function CampaignForm({ campaign, timeZone, onDone, onCancel }: Props) {
  const { t } = useTranslation(['campaigns', 'admin']);
  // `when` and `at` are not the draft's: the time is sent when it is started (the review's step).
  const form = useContractForm(campaignBodySchema, {
    initialValues: {
      name: campaign?.name ?? '',
      templateId: campaign?.templateId ?? null,
      audience: campaign?.audience ?? EMPTY_AUDIENCE,
      when: campaign?.scheduledAt ? ('later' as const) : ('now' as const),
      at: campaign?.scheduledAt ? isoToZoned(campaign.scheduledAt, timeZone) : '',
    },
  });
  const { name, templateId, audience, when, at } = form.values;
  // The saved draft under review; the form keeps its values for "Back to editing", and saves the same
  // draft again (a new campaign is created once).
  const [reviewing, setReviewing] = useState<Campaign | null>(null);
  const [savedId, setSavedId] = useState<string | null>(campaign?.id ?? null);
  const templates = useTemplateOptions();
  const save = useSaveCampaign();
  const atIso = when === 'later' ? zonedToIso(at, timeZone) : null;

  // The draft as typed (the server trims the name); "Review" goes on to the review step.
  const persist = async (values: { name: string; templateId: string | null; audience: AudienceSelector }, review: boolean) => {
    try {
      const saved = await save.mutateAsync({
        id: savedId,
        body: { name: values.name, templateId: values.templateId, audience: values.audience },
      });
      setSavedId(saved.id);
      if (review) setReviewing(saved);
      else onDone(saved);
    } catch (error) {
      form.setServerError(error);
    }
  };
  const submitReview = form.onSubmit((_body, values) => void persist(values, true));
  const submitDraft = form.onSubmit((_body, values) => void persist(values, false));

  if (reviewing)
    return <CampaignReview campaign={reviewing} atIso={atIso} timeZone={timeZone} onBack={() => setReviewing(null)} onDone={onDone} />;

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submitReview} noValidate data-testid="campaign-form">
      <Stack gap="md">
        <TextInput {...form.field('name')} label={t('form.name')} data-autofocus />
        <Select
          {...form.field('templateId')}
          label={t('form.template')}
          placeholder={t('form.templatePlaceholder')}
          data={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          searchable
          nothingFoundMessage={t('form.noTemplates')}
          description={templates.data && templates.data.length === 0 ? t('form.noTemplates') : undefined}
        />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('form.audience')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('form.audienceHelp')}
          </Text>
          <AudiencePicker
            value={audience}
            onChange={(next) => form.form.setFieldValue('audience', next)}
            error={form.errorOf('audience') ?? null}
          />
        </Stack>
        <Radio.Group label={t('form.when')} value={when} onChange={(v) => form.form.setFieldValue('when', v === 'later' ? 'later' : 'now')}>
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
            onChange={(e) => form.form.setFieldValue('at', e.currentTarget.value)}
            required
            error={at && !atIso ? t('form.badTime') : undefined}
          />
        ) : null}
        <FormGeneralError error={form.generalError} testId="campaign-error" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button variant="light" onClick={() => submitDraft()} disabled={save.isPending || !name.trim()}>
            {t('form.saveDraft')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!name.trim() || !templateId || (when === 'later' && !atIso)}>
            {t('form.review')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
