import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A labelled value to paste elsewhere (an identity provider's settings, a DNS record), with its copy button. */
export function CopyValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('common');
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
              aria-label={`${t('showOnce.copy')}: ${label}`}
            >
              <span aria-live="polite">{copied ? t('showOnce.copied') : t('showOnce.copy')}</span>
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
