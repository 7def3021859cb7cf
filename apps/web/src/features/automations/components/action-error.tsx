import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';

/**
 * Why activating or pausing was refused, in the server's words (no steps, a template gone…); without
 * a saved sender, with the way to the Campaigns page where it is set.
 */
export function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation('automations');
  const senderMissing = error instanceof ApiError && error.code === 'campaign.sender_missing';
  return (
    <Alert color="red" role="alert" data-testid="automation-action-error">
      {apiErrorMessage(error, t)}
      {senderMissing ? (
        <>
          {' '}
          <Anchor component={Link} to="/user/campanas" fw={600} data-testid="automation-sender-link">
            {t('builder.senderLink')}
          </Anchor>
        </>
      ) : null}
    </Alert>
  );
}
