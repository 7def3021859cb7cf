import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@enlaza/contracts';
import { EmailPreview } from '@/components/email-preview';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCampaignReview } from '../api/get-campaign-review';

/**
 * What a sent campaign sent, to read back: its sender and the email as its audience got it (the
 * snapshot taken when it started, drawn by the renderer every campaign email goes through, with the
 * owner as the sample recipient). Nothing here can be changed.
 */
export function CampaignSentContent({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const review = useCampaignReview(campaign.id);
  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-sent-title" data-testid="campaign-sent-content">
      <Title order={3} size="h4" id="campaign-sent-title">
        {t('sent.title')}
      </Title>
      {review.isPending ? (
        <Skeleton h={240} aria-label={t('review.loading')} />
      ) : review.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(review.error, t)}
        </Alert>
      ) : (
        <>
          <Text size="sm" data-testid="campaign-sent-from">
            <strong>{t('sender.from')}</strong> {review.data.sender.from}
          </Text>
          <EmailPreview subject={review.data.subject} html={review.data.html} text={review.data.text} testId="campaign-sent-preview" />
        </>
      )}
    </Stack>
  );
}
