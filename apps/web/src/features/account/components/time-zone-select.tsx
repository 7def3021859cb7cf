import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { listTimeZones, timeZoneLabel } from './time-zones';

interface TimeZoneSelectProps {
  value: string;
  onChange: (timeZone: string) => void;
  error?: string;
}

/** Searchable list of every IANA time zone, with its current UTC offset. */
export function TimeZoneSelect({ value, onChange, error }: TimeZoneSelectProps) {
  const { t } = useTranslation('account');
  const data = useMemo(() => {
    const zones = listTimeZones();
    if (value && !zones.includes(value)) zones.unshift(value);
    return zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }));
  }, [value]);
  return (
    <Select
      label={t('preferences.timeZone')}
      description={t('preferences.timeZoneHint')}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      data={data}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      searchable
      allowDeselect={false}
      limit={80}
      nothingFoundMessage={t('preferences.timeZoneNotFound')}
      comboboxProps={{ shadow: 'md' }}
      error={error}
      data-testid="pref-timezone"
    />
  );
}
