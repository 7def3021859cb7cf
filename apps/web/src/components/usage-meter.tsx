import { Group, Progress, Stack, Text } from '@mantine/core';
import { usagePercent } from '@/lib/format';

interface UsageMeterProps {
  label: string;
  used: number;
  limit: number;
  /** Text of "used / limit" as shown (numbers or bytes, already formatted). */
  valueText: string;
  testId?: string;
  /**
   * For a count of things kept (cards, tags): reaching the limit is a state, not a warning (a new
   * account's one Free card is the one the product made), so only going beyond it is coloured.
   */
  calmAtLimit?: boolean;
}

/** A labelled meter: yellow from 80 % of the quota, orange when it is reached, red beyond it. */
export function UsageMeter({ label, used, limit, valueText, testId, calmAtLimit = false }: UsageMeterProps) {
  const percent = usagePercent(used, limit);
  const color = used > limit ? 'red' : calmAtLimit ? undefined : percent >= 100 ? 'orange' : percent >= 80 ? 'yellow' : undefined;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
          {valueText}
        </Text>
      </Group>
      <Progress value={percent} color={color} size="md" radius="xl" aria-label={`${label}: ${valueText}`} />
    </Stack>
  );
}
