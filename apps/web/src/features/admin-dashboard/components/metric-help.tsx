import { ActionIcon, Tooltip } from '@mantine/core';
import { LineIcon } from '@/components/line-icon';

/**
 * "What does this figure mean": an (i) button whose tooltip opens on hover, keyboard focus and
 * touch; screen readers get the same text as the button's description. The icon is drawn (a
 * circle round an "i"), not typed: a lone letter "i" in a transparent button reads as "I".
 */
export function MetricHelp({ label, text, testId }: { label: string; text: string; testId?: string }) {
  return (
    <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" radius="xl" aria-label={label} aria-description={text} data-testid={testId}>
        <LineIcon>
          <circle cx="12" cy="12" r="9.5" />
          <path d="M12 11v6" />
          <circle cx="12" cy="7.5" r="0.6" fill="currentColor" />
        </LineIcon>
      </ActionIcon>
    </Tooltip>
  );
}
