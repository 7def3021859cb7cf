import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Campaign, CampaignReview as CampaignReviewData } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { EmailPreview } from '@/components/email-preview';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useCampaignReview } from '../api/get-campaign-review';
import { useSendCampaignTest } from '../api/send-campaign-test';
import { useStartCampaign } from '../api/start-campaign';

type Props = {
  campaign: Campaign;
  /** When it is to go out; null: now, after a confirmation. */
  atIso: string | null;
  timeZone: string;
  onBack: () => void;
  onDone: (campaign: Campaign) => void;
};

/** One line of the review: what, and its value. */
function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      <strong>{label}</strong> {children}
    </Text>
  );
}

/**
 * The last step before sending (the campaign is saved as a draft): who it goes to and from, when, and
 * the email exactly as the server will send it (rendered for the owner as the sample recipient, at
 * full and phone width), with a test send to oneself. "Send now" asks once more.
 */
export function CampaignReview({ campaign, atIso, timeZone, onBack, onDone }: Props) {
  const { t } = useTranslation(['campaigns', 'admin']);
  const review = useCampaignReview(campaign.id);
  const start = useStartCampaign();
  const test = useSendCampaignTest();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const data = review.data;
  const count = data?.recipients ?? 0;
  const ready = !!data && data.sender.saved && count > 0;

  const send = async () => {
    setError(null);
    try {
      onDone(await start.mutateAsync({ id: campaign.id, ...(atIso ? { at: atIso } : {}) }));
    } catch (e) {
      setError(e);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="campaign-review">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('review.title', { name: campaign.name })}
        </Title>
        {review.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(review.error, t)}
          </Alert>
        ) : !data ? (
          <Skeleton h={360} aria-label={t('review.loading')} />
        ) : (
          <ReviewSummary review={data} atIso={atIso} timeZone={timeZone} />
        )}
        {error ? <SendError error={error} /> : null}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={onBack} disabled={start.isPending}>
            {t('review.back')}
          </Button>
          <Group gap="sm">
            <Button
              variant="light"
              loading={test.isPending}
              disabled={!data}
              data-testid="campaign-test"
              onClick={() =>
                test.mutate(campaign.id, {
                  onSuccess: ({ to }) => notify('success', t('review.testSent', { to })),
                  onError: (e) => notify('error', apiErrorMessage(e, t)),
                })
              }
            >
              {t('review.sendTest')}
            </Button>
            <Button
              loading={start.isPending}
              disabled={!ready}
              data-testid="campaign-send"
              onClick={() => (atIso ? void send() : setConfirming(true))}
            >
              {atIso ? t('form.schedule') : t('form.sendNow')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmSendDialog
        opened={confirming}
        campaign={campaign}
        count={count}
        onCancel={() => setConfirming(false)}
        onSend={() => {
          setConfirming(false);
          void send();
        }}
      />
    </Paper>
  );
}

/** What the review says: recipients, sender, reply-to, tracking, when; what stops the send; the email itself. */
function ReviewSummary({ review, atIso, timeZone }: { review: CampaignReviewData; atIso: string | null; timeZone: string }) {
  const { t } = useTranslation('campaigns');
  const locale = useLocale();
  const count = review.recipients;
  return (
    <>
      <Stack gap={4}>
        <Fact label={t('review.to')} testId="review-to">
          {t('form.recipients', { count, formatted: formatNumber(count, locale) })}
        </Fact>
        <Fact label={t('sender.from')} testId="review-from">
          {review.sender.from}
        </Fact>
        <Fact label={t('sender.replyTo')} testId="review-reply-to">
          {review.sender.replyTo}
        </Fact>
        <Fact label={t('review.tracking')} testId="review-tracking">
          {review.sender.tracking ? t('sender.trackingOn') : t('sender.trackingOff')}
        </Fact>
        <Fact label={t('review.when')} testId="review-when">
          {atIso ? t('scheduledFor', { at: formatDateTime(atIso, locale, timeZone) }) : t('review.now')}
        </Fact>
      </Stack>
      {!review.sender.saved ? (
        <Alert color="yellow" role="status" data-testid="review-sender-missing">
          {t('review.senderMissing')}
        </Alert>
      ) : null}
      {count === 0 ? (
        <Alert color="yellow" role="status">
          {t('review.noRecipients')}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('review.sample')}
      </Text>
      <EmailPreview subject={review.subject} html={review.html} text={review.text} testId="campaign-preview" widths />
    </>
  );
}

/** Why the send was refused; over the quota, with the way to more (add-ons). */
function SendError({ error }: { error: unknown }) {
  const { t } = useTranslation('campaigns');
  const overQuota = error instanceof ApiError && (error.code === 'campaign.over_quota' || error.code === 'campaign.over_quota_scheduled');
  return (
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
  );
}

/** "Send now" asks once more, with the campaign, its template and how many it goes to. */
function ConfirmSendDialog({
  opened,
  campaign,
  count,
  onCancel,
  onSend,
}: {
  opened: boolean;
  campaign: Campaign;
  count: number;
  onCancel: () => void;
  onSend: () => void;
}) {
  const { t } = useTranslation(['campaigns', 'admin']);
  const locale = useLocale();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('confirm.title')} centered closeButtonProps={{ 'aria-label': t('admin:close') }}>
      <Stack gap="sm" data-testid="campaign-confirm">
        <Text>
          {t('confirm.body', {
            name: campaign.name,
            template: campaign.templateName ?? '',
            count,
            formatted: formatNumber(count, locale),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('confirm.note')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('confirm.back')}
          </Button>
          <Button onClick={onSend} data-testid="campaign-confirm-send">
            {t('confirm.send', { count, formatted: formatNumber(count, locale) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
