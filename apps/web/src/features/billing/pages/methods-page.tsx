import { useState } from 'react';
import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MethodKindName, PaymentMethod } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useMethods, usePaymentProvider, useRemoveMethod, useSetDefaultMethod } from '../api/billing';
import { AddMethod } from '../components/add-method';
import { AddMethodButtons } from '../components/add-method-buttons';
import { methodSummary } from '../lib/method-summary';
import { EmptyState, LoadError, LoadingRows } from '../components/states';

/**
 * /user/methods: saved cards (brand, last four, expiry) and bank accounts (SEPA Direct Debit), the
 * default one, add and remove. A method is added through the provider's own component (see AddMethod):
 * no number is typed into the app.
 */
export default function MethodsPage() {
  const { t } = useTranslation(['billing', 'admin']);
  usePageTitle(t('methods.title'));
  const methods = useMethods();
  const provider = usePaymentProvider();
  const setDefault = useSetDefaultMethod();
  const remove = useRemoveMethod();
  const [adding, setAdding] = useState<MethodKindName | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const describe = (m: PaymentMethod) => methodSummary(t, m);

  return (
    <Stack gap="lg" maw={720} w="100%" data-testid="methods-page">
      <PageHeader
        title={t('methods.title')}
        intro={t('methods.intro')}
        actions={adding ? null : <AddMethodButtons kinds={provider.data?.methodKinds ?? []} onAdd={setAdding} />}
      />
      {adding ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {adding === 'sepa_debit' ? t('methods.newAccount') : t('methods.newCard')}
          </Title>
          <AddMethod
            kind={adding}
            withDefault={(methods.data?.length ?? 0) > 0}
            onSaved={(m) => {
              setAdding(null);
              notify('success', t('methods.saved', { card: describe(m) }));
            }}
            onCancel={() => setAdding(null)}
          />
        </Paper>
      ) : null}
      {methods.isPending ? (
        <LoadingRows />
      ) : methods.isError ? (
        <LoadError onRetry={() => void methods.refetch()} testId="methods-error" />
      ) : methods.data.length === 0 ? (
        <EmptyState title={t('methods.empty')} hint={t('methods.emptyHint')} testId="methods-empty" />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('methods.title')} data-testid="methods-list">
          {methods.data.map((m) => (
            <Card component="li" key={m.id} withBorder radius="md" padding="md" data-testid={`method-${m.last4}`} data-kind={m.kind}>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <div>
                  <Group gap="xs">
                    <Text fw={600}>{describe(m)}</Text>
                    {m.isDefault ? (
                      <Badge variant="light" color="teal" data-testid="method-default">
                        {t('methods.default')}
                      </Badge>
                    ) : null}
                    {m.usable ? null : (
                      <Badge variant="light" color="red" data-testid="method-unusable">
                        {t('methods.unusable')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {m.holder}
                  </Text>
                  {m.usable ? null : (
                    <Text size="sm" c="red" data-testid="method-detached">
                      {t('methods.detached')}
                    </Text>
                  )}
                </div>
                <Group gap="xs">
                  {m.isDefault || !m.usable ? null : (
                    <Button
                      size="xs"
                      variant="light"
                      loading={setDefault.isPending && setDefault.variables === m.id}
                      onClick={() => setDefault.mutate(m.id, { onError: (e) => notify('error', apiErrorMessage(e, t)) })}
                      aria-label={t('methods.makeDefaultOf', { card: describe(m) })}
                      data-testid="method-make-default"
                    >
                      {t('methods.makeDefault')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      remove.reset();
                      setRemoving(m);
                    }}
                    aria-label={t('methods.removeOf', { card: describe(m) })}
                    data-testid="method-remove"
                  >
                    {t('methods.remove')}
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('methods.removeTitle')}
        confirmLabel={t('methods.remove')}
        danger
        loading={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      >
        {removing ? t('methods.removeBody', { card: describe(removing) }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
