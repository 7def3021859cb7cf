import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { campaignSenderBodySchema, type CampaignSender } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { useLocale } from '@/components/use-locale';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { formatNumber, formatPercent } from '@/lib/format';
import { useCampaignSender } from '../api/get-campaign-sender';
import { useSaveCampaignSender } from '../api/save-campaign-sender';

/**
 * Who the campaigns come from: the name shown as "<name> via Enlaza" (or the owner's own domain,
 * chosen on the sending domains page it links to), where replies go, and the postal address every
 * campaign email prints. Until it is saved, a warning says a campaign cannot
 * start, and the form opens with suggestions from the account.
 */
export function SenderCard() {
  const { t } = useTranslation('campaigns');
  const locale = useLocale();
  const sender = useCampaignSender();
  const [editing, setEditing] = useState(false);

  if (sender.isPending) return <Skeleton h={96} aria-label={t('sender.loading')} />;
  if (sender.isError) return null;
  const data = sender.data;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="campaign-sender" aria-labelledby="campaign-sender-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h5" id="campaign-sender-title">
            {t('sender.title')}
          </Title>
          {data.saved && !editing ? (
            <Button size="xs" variant="light" onClick={() => setEditing(true)} data-testid="campaign-sender-edit">
              {t('sender.edit')}
            </Button>
          ) : null}
        </Group>
        {!data.saved && !editing ? (
          <Alert color="yellow" role="status" data-testid="campaign-sender-missing">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('sender.missing')}</Text>
              <Button size="xs" onClick={() => setEditing(true)} data-testid="campaign-sender-set">
                {t('sender.set')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {editing ? (
          <SenderForm sender={data} onDone={() => setEditing(false)} />
        ) : data.saved ? (
          <Stack gap={4}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {t('sender.from')}
              </Text>{' '}
              <span data-testid="campaign-sender-from">{data.from}</span>
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {t('sender.replyTo')}
              </Text>{' '}
              {data.replyTo}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {t('sender.addressShown')}
              </Text>{' '}
              {data.postalAddress}
            </Text>
            <Text size="sm" data-testid="campaign-sender-tracking">
              <Text span fw={600}>
                {t('sender.trackingShown')}
              </Text>{' '}
              {data.tracking ? t('sender.trackingOn') : t('sender.trackingOff')}
            </Text>
            <Text size="sm" data-testid="campaign-sender-complaints">
              <Text span fw={600}>
                {t('sender.complaintsShown', { count: data.complaints.days })}
              </Text>{' '}
              {data.complaints.sent === 0 && data.complaints.complaints === 0
                ? t('sender.complaintsNone', { limit: formatPercent(data.complaints.limit, locale) })
                : t('sender.complaintsValue', {
                    count: data.complaints.complaints,
                    sent: formatNumber(data.complaints.sent, locale),
                    rate: formatPercent(data.complaints.rate, locale),
                    limit: formatPercent(data.complaints.limit, locale),
                  })}
            </Text>
          </Stack>
        ) : null}
        {!editing ? (
          // Sending domains live beside the campaigns (the sidebar has no room left at 1280×800).
          <Anchor component={Link} to="/user/campanas/dominios" size="sm" fw={600} data-testid="campaign-sender-domains">
            {t('sender.ownDomain')}
          </Anchor>
        ) : null}
        {data.complaints.over ? (
          <Alert color="red" role="alert" title={t('sender.complaintsOverTitle')} data-testid="campaign-sender-complaints-over">
            <Text size="sm">
              {t('sender.complaintsOver', {
                rate: formatPercent(data.complaints.rate, locale),
                limit: formatPercent(data.complaints.limit, locale),
              })}
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function SenderForm({ sender, onDone }: { sender: CampaignSender; onDone: () => void }) {
  const { t } = useTranslation('campaigns');
  const save = useSaveCampaignSender();
  // An empty field is asked for in this form's words; any other problem in the contract's.
  const required = (_issue: unknown, value: unknown) =>
    typeof value === 'string' && value.trim() === '' ? t('sender.required') : undefined;
  const form = useContractForm(campaignSenderBodySchema, {
    initialValues: { name: sender.name, postalAddress: sender.postalAddress, tracking: sender.tracking },
    messages: { name: required, postalAddress: required },
  });

  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: onDone, onError: form.setServerError }));

  return (
    <form onSubmit={submit} noValidate data-testid="campaign-sender-form">
      <Stack gap="sm">
        <FormGeneralError error={form.generalError} />
        <TextInput
          {...form.field('name')}
          label={t('sender.name')}
          description={t('sender.nameHint')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          data-testid="campaign-sender-name"
        />
        <Textarea
          {...form.field('postalAddress')}
          label={t('sender.postalAddress')}
          description={t('sender.postalAddressHint')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          rows={3}
          data-testid="campaign-sender-address"
        />
        <Switch
          {...form.field('tracking', { type: 'checkbox' })}
          label={t('sender.tracking')}
          description={t('sender.trackingHint')}
          data-testid="campaign-sender-tracking-switch"
        />
        <Text size="xs" c="dimmed">
          {t('sender.replyHint', { email: sender.replyTo })}
        </Text>
        <Group justify="flex-end" gap="xs">
          {sender.saved ? (
            <Button variant="default" onClick={onDone}>
              {t('sender.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending} data-testid="campaign-sender-save">
            {t('sender.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
