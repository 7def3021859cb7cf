import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AudienceSelector, Campaign } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { AudiencePicker, EMPTY_AUDIENCE } from '@/components/audience-picker';
import { ApiError } from '@/lib/api-error';
import { useSaveCampaign, useTemplateOptions } from '../api/campaigns';
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
  const [name, setName] = useState(campaign?.name ?? '');
  const [templateId, setTemplateId] = useState<string | null>(campaign?.templateId ?? null);
  const [audience, setAudience] = useState<AudienceSelector>(campaign?.audience ?? EMPTY_AUDIENCE);
  const [when, setWhen] = useState<'now' | 'later'>(campaign?.scheduledAt ? 'later' : 'now');
  const [at, setAt] = useState(campaign?.scheduledAt ? isoToZoned(campaign.scheduledAt, timeZone) : '');
  const [error, setError] = useState<unknown>(null);
  // The saved draft under review; the form keeps its values for "Back to editing", and saves the same
  // draft again (a new campaign is created once).
  const [reviewing, setReviewing] = useState<Campaign | null>(null);
  const [savedId, setSavedId] = useState<string | null>(campaign?.id ?? null);
  const templates = useTemplateOptions();
  const save = useSaveCampaign();
  const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
  const atIso = when === 'later' ? zonedToIso(at, timeZone) : null;

  const submit = async (review: boolean) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: savedId, body: { name, templateId, audience } });
      setSavedId(saved.id);
      if (review) setReviewing(saved);
      else onDone(saved);
    } catch (e) {
      setError(e);
    }
  };

  if (reviewing)
    return <CampaignReview campaign={reviewing} atIso={atIso} timeZone={timeZone} onBack={() => setReviewing(null)} onDone={onDone} />;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(true);
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
          <AudiencePicker value={audience} onChange={setAudience} error={fieldErrors.audience?.join(' ') ?? null} />
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
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button variant="light" onClick={() => void submit(false)} disabled={save.isPending || !name.trim()}>
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
