import { Group, Progress, Stack, Text } from '@mantine/core';
import { usagePercent } from '@/lib/format';

interface UsageMeterProps {
  label: string;
  used: number;
  limit: number;
  /** Text of "used / limit" as shown (numbers or bytes, already formatted). */
  valueText: string;
  testId?: string;
}

/** A labelled meter: yellow from 80 % of the quota, orange when it is reached, red beyond it. */
export function UsageMeter({ label, used, limit, valueText, testId }: UsageMeterProps) {
  const percent = usagePercent(used, limit);
  const color = used > limit ? 'red' : percent >= 100 ? 'orange' : percent >= 80 ? 'yellow' : undefined;
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
