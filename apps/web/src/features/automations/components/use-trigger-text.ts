import { useTranslation } from 'react-i18next';
import type { AutomationTrigger } from '@enlaza/contracts';
import { useAudienceSources } from '@/lib/api/get-audience-sources';

/**
 * A trigger in words ("When a visitor consents on any card or tag"), naming the card, tag or list
 * from the campaign audience picker's sources; one that is gone says so. While the names load, "…".
 */
export function useTriggerText(): (trigger: AutomationTrigger) => string {
  const { t } = useTranslation('automations');
  const sources = useAudienceSources();
  return (trigger) => {
    const id = trigger.kind === 'list_added' ? trigger.listId : trigger.profileId;
    if (id === null) return t(`trigger.${trigger.kind}`);
    const named = trigger.kind === 'list_added' ? sources.data?.lists : sources.data?.profiles;
    const name = named?.find((source) => source.id === id)?.name;
    if (name !== undefined) return t(trigger.kind === 'list_added' ? 'trigger.list_added' : `trigger.${trigger.kind}On`, { name });
    return sources.data
      ? t(`trigger.${trigger.kind}Gone`)
      : t(trigger.kind === 'list_added' ? 'trigger.list_added' : `trigger.${trigger.kind}On`, { name: '…' });
  };
}
