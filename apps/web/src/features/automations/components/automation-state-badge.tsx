import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutomationState } from '@enlaza/contracts';

// The campaigns' colours: a draft grey, running teal, paused orange (light badges, AA in both schemes).
const COLORS: Record<AutomationState, string> = { draft: 'gray', active: 'teal', paused: 'orange' };

export function AutomationStateBadge({ state }: { state: AutomationState }) {
  const { t } = useTranslation('automations');
  return (
    <Badge variant="light" color={COLORS[state]} data-testid="automation-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
