import { useTranslation } from 'react-i18next';
import { splitDelay } from './delay';

/** A step's delay in words, in its largest whole unit: "At once", "After 2 days", "After 1 week". */
export function useDelayText(): (delayMinutes: number) => string {
  const { t } = useTranslation('automations');
  return (delayMinutes) => {
    if (delayMinutes === 0) return t('delay.now');
    const { amount, unit } = splitDelay(delayMinutes);
    return t(`delay.${unit}`, { count: amount });
  };
}
