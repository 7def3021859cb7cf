import { Alert, Badge, Button, Group, MultiSelect, Skeleton, Stack, Text } from '@mantine/core';
import type { AudienceSelector } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { isEmptySelector } from '@/lib/api/audience-keys';
import { useAudienceCount } from '@/lib/api/count-audience';
import { useSegmentCounts } from '@/lib/api/count-segment';
import { useAudienceSources } from '@/lib/api/get-audience-sources';
import { useSegments } from '@/lib/api/get-segments';
import { formatNumber } from '@/lib/format';

export const EMPTY_AUDIENCE: AudienceSelector = { profileIds: [], folderIds: [], labelIds: [], listIds: [], segmentIds: [] };

type Props = {
  value: AudienceSelector;
  onChange: (value: AudienceSelector) => void;
  /** Field errors from the server for the audience (shown under the picker). */
  error?: string | null;
  disabled?: boolean;
};

type Key = keyof AudienceSelector;
const FIELDS: { key: Key; source: 'profiles' | 'folders' | 'labels' | 'lists' }[] = [
  { key: 'profileIds', source: 'profiles' },
  { key: 'folderIds', source: 'folders' },
  { key: 'labelIds', source: 'labels' },
  { key: 'listIds', source: 'lists' },
];

/**
 * The campaign form's audience: profiles, folders, labels and imported lists (each with its
 * consenting contacts), segments (each with the people it selects now), and the number of
 * recipients the selection reaches now — shown before anything is sent. Controlled: `value` is an
 * `AudienceSelector` (the contract campaigns store).
 */
export function AudiencePicker({ value, onChange, error, disabled }: Props) {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const sources = useAudienceSources();
  const count = useAudienceCount(value);
  const segments = useSegments();
  const segmentCounts = useSegmentCounts(segments.data?.map((s) => s.id) ?? []);

  if (sources.isPending || segments.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('picker.loading')}>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (sources.isError || segments.isError) {
    return (
      <Alert color="red" role="alert" title={t('picker.error')}>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            if (sources.isError) void sources.refetch();
            if (segments.isError) void segments.refetch();
          }}
        >
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="sm" data-testid="audience-picker">
      {FIELDS.map(({ key, source }) => {
        const options = sources.data[source];
        return (
          <MultiSelect
            key={key}
            label={t(`picker.${source}`)}
            placeholder={options.length ? t('picker.choose') : t('picker.none')}
            data={options.map((o) => ({
              value: o.id,
              label: t('picker.option', { name: o.name, count: o.contacts, formatted: formatNumber(o.contacts, locale) }),
            }))}
            value={value[key]}
            onChange={(ids) => onChange({ ...value, [key]: ids })}
            searchable
            clearable
            disabled={disabled || options.length === 0}
            data-testid={`audience-${source}`}
          />
        );
      })}
      <MultiSelect
        label={t('picker.segments')}
        description={t('picker.segmentsHint')}
        placeholder={segments.data.length ? t('picker.choose') : t('picker.none')}
        data={segments.data.map((s) => {
          const people = segmentCounts[s.id];
          return {
            value: s.id,
            label:
              people === undefined
                ? t('picker.segmentCounting', { name: s.name })
                : t('picker.segmentOption', { name: s.name, count: people, formatted: formatNumber(people, locale) }),
          };
        })}
        value={value.segmentIds}
        onChange={(ids) => onChange({ ...value, segmentIds: ids })}
        searchable
        clearable
        disabled={disabled || segments.data.length === 0}
        data-testid="audience-segments"
      />
      <Group gap="xs" aria-live="polite" data-testid="audience-count">
        <Text size="sm" fw={600}>
          {t('picker.recipients')}
        </Text>
        {isEmptySelector(value) ? (
          <Text size="sm" c="dimmed">
            {t('picker.nothingChosen')}
          </Text>
        ) : count.isError ? (
          <Text size="sm" c="red">
            {t('picker.countError')}
          </Text>
        ) : count.data === undefined ? (
          <Skeleton height={20} width={60} />
        ) : (
          <Badge size="lg" variant="light" data-testid="audience-count-value" data-count={count.data}>
            {formatNumber(count.data, locale)}
          </Badge>
        )}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
