import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScimCardChoice } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSetScimCardChoice } from '../api/set-scim-settings';

/** What deactivation (or deletion) through SCIM does: the team's offboarding, keeping or retiring the card at its link. */
export function DeactivationPanel({ choice, isOwner }: { choice: ScimCardChoice; isOwner: boolean }) {
  const { t } = useTranslation('scim');
  const mutation = useSetScimCardChoice();
  const value = mutation.isPending && mutation.variables ? mutation.variables : choice;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="scim-deactivation-title" data-testid="scim-deactivation">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="scim-deactivation-title">
            {t('deactivation.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('deactivation.intro')}
          </Text>
        </div>
        <Radio.Group value={value} onChange={(next) => mutation.mutate(next)} aria-labelledby="scim-deactivation-title">
          <Stack gap="xs">
            <Radio
              value="keep"
              label={t('deactivation.keep')}
              description={t('deactivation.keepHint')}
              disabled={!isOwner}
              data-testid="scim-card-keep"
            />
            <Radio
              value="retire"
              label={t('deactivation.retire')}
              description={t('deactivation.retireHint')}
              disabled={!isOwner}
              data-testid="scim-card-retire"
            />
          </Stack>
        </Radio.Group>
        <FormGeneralError error={mutation.error ? apiErrorMessage(mutation.error, t) : null} />
      </Stack>
    </Paper>
  );
}
