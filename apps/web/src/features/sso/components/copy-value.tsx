import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A labelled value the owner copies into the identity provider (or the DNS). */
export function CopyValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('sso');
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid={testId}>
          {value}
        </Text>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={`${t('values.copy')}: ${label}`}
            >
              <span aria-live="polite">{copied ? t('values.copied') : t('values.copy')}</span>
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
