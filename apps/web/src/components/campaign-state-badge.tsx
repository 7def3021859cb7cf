import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignState } from '@enlaza/contracts';

const COLORS: Record<CampaignState, string> = {
  draft: 'gray',
  scheduled: 'violet',
  sending: 'blue',
  paused: 'orange',
  sent: 'teal',
  cancelled: 'dark',
  failed: 'red',
};

export function CampaignStateBadge({ state }: { state: CampaignState }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge variant="light" color={COLORS[state]} data-testid="campaign-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
