import { Button, Checkbox, Code, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, createWebhookEndpointBodySchema, type WebhookEndpoint } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { ShowOnceSecret } from '@/components/show-once-secret';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';

/** Add an endpoint (then its secret, once) or edit one: URL, description and the events it receives. */
export function EndpointDialog({ endpoint, opened, onClose }: { endpoint: WebhookEndpoint | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const pending = create.isPending || update.isPending;
  const form = useContractForm(createWebhookEndpointBodySchema, {
    initialValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
    },
    messages: { events: t('form.eventsRequired') },
  });
  const secret = create.data?.secret;

  const close = () => {
    if (pending) return;
    form.form.reset();
    form.setGeneralError(null);
    // Forgets the secret: it is never shown again.
    create.reset();
    update.reset();
    onClose();
  };

  const submit = form.onSubmit((body) => {
    // The URL is sent only when it changed: a new URL asks for a fresh proof, a new description does not.
    const { url, ...rest } = body;
    const changes = url.trim() === endpoint?.url ? rest : body;
    if (endpoint) update.mutate({ id: endpoint.id, body: changes }, { onError: form.setServerError, onSuccess: close });
    else create.mutate(body, { onError: form.setServerError });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={secret ? t('secret.title') : endpoint ? t('form.editTitle') : t('form.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('form.cancel') }}
    >
      {secret ? (
        <ShowOnceSecret secret={secret} notice={t('secret.shownOnce')} testId="webhooks-secret" onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              {...form.field('url')}
              type="url"
              label={t('form.url')}
              description={t('form.urlHint')}
              placeholder="https://example.com/enlaza-webhook"
              data-autofocus
              data-testid="webhooks-url"
            />
            <TextInput {...form.field('description')} label={t('form.description')} data-testid="webhooks-description" />
            <Checkbox.Group
              label={t('form.events')}
              withAsterisk
              value={form.values.events}
              onChange={(events) => form.form.setFieldValue('events', events)}
              error={form.errorOf('events')}
              data-path="events"
            >
              <Stack gap={6} mt="xs">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox
                    key={type}
                    value={type}
                    label={t(`events.${type.replace('.', '_')}`)}
                    description={<Code>{type}</Code>}
                    data-testid={`webhooks-event-${type}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <FormGeneralError error={form.generalError} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={pending}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={pending} data-testid="webhooks-save">
                {endpoint ? t('form.save') : t('form.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
