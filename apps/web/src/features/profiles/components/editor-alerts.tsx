import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormGeneralError } from '@/components/form-general-error';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { unplacedErrors, type FieldErrorMap } from './field-errors';

/**
 * Above the form: the plan limit (with the way out), errors no field shows, other failures.
 * `generalError` is the form's (a failure no field shows), `failure` the save's error behind it.
 */
export function EditorAlerts({ failure, generalError, errors }: { failure: unknown; generalError: string | null; errors: FieldErrorMap }) {
  const { t } = useTranslation('profiles');
  const hasFieldErrors = Object.keys(errors).length > 0;
  const loose = [...unplacedErrors(errors), ...(hasFieldErrors && generalError ? [generalError] : [])];
  const isQuota = generalError !== null && failure instanceof ApiError && failure.status === 403 && failure.code?.startsWith('quota.');

  if (isQuota) {
    return (
      <Alert color="orange" role="alert" title={t('editor.quotaTitle')} data-testid="profile-quota-error">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{apiErrorMessage(failure, t)}</Text>
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
  return <FormGeneralError error={generalError} title={t('editor.saveFailed')} testId="profile-save-error" />;
}
