import { Alert, Badge, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useDelivery } from '../api/get-delivery';

/**
 * One message as it was sent. The HTML is shown in a sandboxed frame (no scripts, no same origin),
 * so nothing in it can act on the app; system emails are never shown (they carry secret links).
 */
export function DeliveryDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('communications');
  const locale = useLocale();
  const delivery = useDelivery(id);
  const d = delivery.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={d?.subject ?? t('detail.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      {delivery.isPending ? (
        <Skeleton height={200} aria-busy="true" aria-label={t('loading')} />
      ) : delivery.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(delivery.error, t)}
        </Alert>
      ) : d ? (
        <Stack gap="sm" data-testid="delivery-detail">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light">{t(`kinds.${d.kind}`)}</Badge>
            <Badge
              variant="light"
              color={d.status === 'failed' || d.status === 'bounced' ? 'red' : d.status === 'queued' ? 'gray' : 'teal'}
            >
              {t(`statuses.${d.status}`)}
            </Badge>
          </Group>
          <Text size="sm">{t('detail.to', { email: d.toEmail })}</Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(d.sentAt ?? d.createdAt, locale)}
          </Text>
          {d.error ? (
            <Alert color="red" title={t('detail.error')}>
              {d.error}
            </Alert>
          ) : null}
          {d.bodyHtml ? (
            <iframe
              title={t('detail.frame')}
              sandbox=""
              srcDoc={d.bodyHtml}
              style={{
                width: '100%',
                minHeight: 360,
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 8,
                background: '#fff',
              }}
              data-testid="delivery-html"
            />
          ) : d.bodyText ? (
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {d.bodyText}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {d.kind === 'system' ? t('detail.systemHidden') : t('detail.noBody')}
            </Text>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
