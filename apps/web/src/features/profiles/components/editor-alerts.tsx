import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { unplacedErrors, type FieldErrorMap } from './field-errors';

/** Above the form: the plan limit (with the way out), errors no field shows, other failures. */
export function EditorAlerts({ failure, errors }: { failure: unknown; errors: FieldErrorMap }) {
  const { t } = useTranslation('profiles');
  const loose = unplacedErrors(errors);
  const isQuota = failure instanceof ApiError && failure.status === 403 && failure.code?.startsWith('quota.');
  const hasFieldErrors = Object.keys(errors).length > 0;

  if (isQuota) {
    return (
      <Alert color="orange" role="alert" title={t('editor.quotaTitle')} data-testid="profile-quota-error">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{failure.serverMessage ?? failure.message}</Text>
          <Anchor component={Link} to="/user/plans" fw={600} size="sm" data-testid="profile-quota-plans">
            {t('editor.seePlans')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (hasFieldErrors) {
    return (
      <Alert color="red" role="alert" title={t('editor.fixFields')} data-testid="profile-field-errors">
        {loose.length > 0 ? (
          <List size="sm">
            {loose.map((message, i) => (
              <List.Item key={i}>{message}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{t('editor.fixFieldsBody')}</Text>
        )}
      </Alert>
    );
  }
  if (failure) {
    const message =
      failure instanceof ApiError
        ? failure.status === 0
          ? t('errors.network')
          : (failure.serverMessage ?? t('errors.generic'))
        : t('errors.generic');
    return (
      <Alert color="red" role="alert" title={t('editor.saveFailed')} data-testid="profile-save-error">
        {message}
      </Alert>
    );
  }
  return null;
}
