import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { apiErrorMessage } from '@/lib/api-error-message';
import { returnFromRedsys, useSaveMethod } from '../api/billing';
import { redsysSetupChoice } from '../components/add-method';
import { methodSummary } from '../lib/method-summary';

type Outcome = { kind: 'saved'; card: string } | { kind: 'paid' } | { kind: 'waiting' } | { kind: 'failed'; message: string };

/**
 * /user/methods/redsys: where Redsys' page sends the browser back (URLOK/URLKO). The signed result
 * Redsys appended to the address goes to our API (which verifies it: the card number never came
 * here), then a setup is saved as a method (with the "default" choice made before leaving), and a
 * payment says how it ended (its purchase completes on our server from Redsys' notification).
 */
export default function RedsysReturnPage() {
  const { t } = useTranslation(['billing', 'admin']);
  usePageTitle(t('redsys.returnTitle'));
  const [params] = useSearchParams();
  const save = useSaveMethod();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  // Not a return from Redsys (no operation named): the Methods page.
  const named = params.has('setup') || params.has('payment');
  useEffect(() => {
    if (started.current || !named) return;
    started.current = true;
    const setupId = params.get('setup');
    const signed = {
      Ds_SignatureVersion: params.get('Ds_SignatureVersion') ?? '',
      Ds_MerchantParameters: params.get('Ds_MerchantParameters') ?? '',
      Ds_Signature: params.get('Ds_Signature') ?? '',
    };
    const fail = (error: unknown) => setOutcome({ kind: 'failed', message: apiErrorMessage(error, t) });
    void (async () => {
      // Without Redsys' signed result (its "parameters in the URL" switched off) the notification alone tells.
      const reported = signed.Ds_MerchantParameters ? await returnFromRedsys(signed) : null;
      if (setupId) {
        const choice = sessionStorage.getItem(redsysSetupChoice(setupId));
        sessionStorage.removeItem(redsysSetupChoice(setupId));
        const { makeDefault } = (choice ? JSON.parse(choice) : {}) as { makeDefault?: boolean };
        const method = await save.mutateAsync({ setupId, ...(makeDefault ? { makeDefault } : {}) });
        setOutcome({ kind: 'saved', card: methodSummary(t, method) });
        return;
      }
      if (reported?.status === 'succeeded') setOutcome({ kind: 'paid' });
      else if (reported?.status === 'failed' || params.get('result') === 'ko')
        setOutcome({ kind: 'failed', message: t('redsys.paymentFailed') });
      else setOutcome({ kind: 'waiting' });
    })().catch(fail);
    // Once per visit: the query is Redsys' result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!named) return <Navigate to="/user/methods" replace />;
  return (
    <Stack gap="lg" maw={640} w="100%" data-testid="redsys-return-page">
      <PageHeader title={t('redsys.returnTitle')} />
      {!outcome ? (
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('redsys.returning')}</Text>
        </Stack>
      ) : outcome.kind === 'failed' ? (
        <Alert color="red" role="alert" data-testid="redsys-return-failed">
          {outcome.message}
        </Alert>
      ) : (
        <Alert color="green" role="status" data-testid="redsys-return-done">
          {outcome.kind === 'saved'
            ? t('methods.saved', { card: outcome.card })
            : outcome.kind === 'paid'
              ? t('redsys.paymentDone')
              : t('redsys.paymentWaiting')}
        </Alert>
      )}
      {outcome ? (
        <Text size="sm">
          <Anchor component={Link} to={params.get('setup') ? '/user/methods' : '/user/pagos'}>
            {params.get('setup') ? t('redsys.backToMethods') : t('redsys.toPayments')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
