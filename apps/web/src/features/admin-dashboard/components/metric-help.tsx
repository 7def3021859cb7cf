import { ActionIcon, Tooltip } from '@mantine/core';

/**
 * "What does this figure mean": an (i) button whose tooltip opens on hover, keyboard focus and
 * touch; screen readers get the same text as the button's description.
 */
export function MetricHelp({ label, text, testId }: { label: string; text: string; testId?: string }) {
  return (
    <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" size="sm" radius="xl" aria-label={label} aria-description={text} data-testid={testId}>
        <span aria-hidden style={{ fontWeight: 700, fontSize: '0.8rem' }}>
          i
        </span>
      </ActionIcon>
    </Tooltip>
  );
}
