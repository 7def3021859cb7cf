import { Alert, Badge, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { ConsentProof } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useConsentProofs } from '../api/get-consent-proofs';

/** Whether a contact's consent counts: confirmed (or given where no confirmation is asked), or waiting for the emailed link. */
export function ConsentBadge({ pending }: { pending: boolean }) {
  const { t } = useTranslation('audience');
  return pending ? (
    <Badge variant="light" color="gray" data-testid="consent-status" data-status="pending">
      {t('consent.pending')}
    </Badge>
  ) : (
    <Badge variant="light" color="teal" data-testid="consent-status" data-status="confirmed">
      {t('consent.confirmed')}
    </Badge>
  );
}

const STATE_COLOR = { pending: 'gray', confirmed: 'teal', expired: 'orange' } as const;

function ProofCard({ proof }: { proof: ConsentProof }) {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '—');
  return (
    <Stack gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }} data-testid="consent-proof">
      <Badge variant="light" color={STATE_COLOR[proof.state]} w="max-content">
        {t(`consent.states.${proof.state}`)}
      </Badge>
      <Text size="sm">{t(`consent.methods.${proof.method}`)}</Text>
      <Text size="sm">{t('consent.givenAt', { when: when(proof.givenAt) })}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t(`consent.sources.${proof.source}`, { origin: proof.origin })}
      </Text>
      <Text size="sm">
        {t('consent.text', { version: proof.textVersion, language: proof.locale })} <q>{proof.text}</q>
      </Text>
      {proof.confirmationSentAt ? <Text size="sm">{t('consent.sentAt', { when: when(proof.confirmationSentAt) })}</Text> : null}
      {proof.confirmedAt ? <Text size="sm">{t('consent.confirmedAt', { when: when(proof.confirmedAt) })}</Text> : null}
      {proof.state === 'pending' && proof.expiresAt ? (
        <Text size="sm">{t('consent.expiresAt', { when: when(proof.expiresAt) })}</Text>
      ) : null}
    </Stack>
  );
}

/** Every proof of consent I hold for an address (GDPR art. 7(1): the controller can show each consent). */
export function ConsentProofsDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const { t } = useTranslation('audience');
  const proofs = useConsentProofs(email ?? '');
  return (
    <Modal opened={email !== null} onClose={onClose} title={t('consent.proofsTitle', { email: email ?? '' })} size="lg">
      {proofs.isPending ? (
        <Skeleton height={160} aria-busy="true" aria-label={t('consent.loading')} />
      ) : proofs.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(proofs.error, t)}
        </Alert>
      ) : proofs.data.length === 0 ? (
        <Text size="sm">{t('consent.noProofs')}</Text>
      ) : (
        <Stack gap="sm" data-testid="consent-proofs">
          {proofs.data.map((proof) => (
            <ProofCard key={proof.id} proof={proof} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
