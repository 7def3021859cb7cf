import type { ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ShowOnceSecretProps {
  /** The value shown this once (a new token, a signing secret, recovery codes one per line). */
  secret: string;
  /** What it is for and that it will not be shown again. */
  notice: string;
  /** Test ids: `{testId}` the value, `{testId}-panel`, `{testId}-copy`, `{testId}-done`. */
  testId: string;
  /** Further buttons beside Copy (recovery codes: Download). */
  actions?: ReactNode;
  /** Done: the caller forgets the secret (resets its mutation), so it is never shown again. */
  onDone: () => void;
}

/** A secret the server gives out once, shown with its warning, a copy button and Done. */
export function ShowOnceSecret({ secret, notice, testId, actions, onDone }: ShowOnceSecretProps) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" data-testid={`${testId}-panel`}>
      <Alert color="yellow" role="status">
        {notice}
      </Alert>
      <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {secret}
      </Code>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              data-testid={`${testId}-copy`}
            >
              <span aria-live="polite">{copied ? t('showOnce.copied') : t('showOnce.copy')}</span>
            </Button>
          )}
        </CopyButton>
        {actions}
        <Button onClick={onDone} data-autofocus data-testid={`${testId}-done`}>
          {t('showOnce.done')}
        </Button>
      </Group>
    </Stack>
  );
}
