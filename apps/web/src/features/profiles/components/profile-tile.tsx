import { ActionIcon, Anchor, Avatar, Badge, Button, Card, Checkbox, ColorSwatch, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Collection, Profile } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { useRecordOnboardingStep } from '@/lib/api/record-onboarding-step';
import { formatDate } from '@/lib/format';
import { useFileUrl } from '../api/file-url';
import { CopyLinkButton } from './copy-link-button';
import { Icon } from './icons';

const VISIBILITY_COLORS = { public: 'teal', unlisted: 'blue', private: 'gray' } as const;

interface Props {
  profile: Profile;
  base: string;
  folder: Collection | undefined;
  labels: Collection[];
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

/** One card or tag in the list: photo, name, what it is, its badges and its actions. */
export function ProfileTile({ profile, base, folder, labels, selected, onSelect }: Props) {
  const { t } = useTranslation('profiles');
  const recordStep = useRecordOnboardingStep();
  const locale = useLocale();
  const photo = useFileUrl(profile.photoFileId);
  const subtitle = profile.card
    ? [profile.card.jobTitle, profile.card.company].filter(Boolean).join(' · ')
    : profile.tag
      ? t(`tagKinds.${profile.tag.tagKind}`)
      : '';
  const editPath = `${base}/${profile.id}`;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className="profile-tile"
      data-selected={selected}
      style={{ '--profile-color': profile.theme.color }}
      data-testid="profile-tile"
    >
      <Checkbox
        className="profile-tile-select"
        checked={selected}
        onChange={(e) => onSelect(e.currentTarget.checked)}
        aria-label={t('list.select', { name: profile.name })}
        data-testid="profile-select"
      />
      <Group gap="sm" wrap="nowrap" align="flex-start" pr="lg">
        <Avatar src={photo} name={profile.name} color="initials" size={52} radius="xl" alt="" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={editPath}
            fw={600}
            c="var(--mantine-color-text)"
            underline="hover"
            className="profile-tile-name"
            data-testid="profile-name"
          >
            {profile.name}
          </Anchor>
          {subtitle ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {subtitle}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Group gap={6} mt="sm">
        <Badge variant="light" color={VISIBILITY_COLORS[profile.visibility]} data-testid="profile-visibility">
          {t(`visibility.${profile.visibility}`)}
        </Badge>
        {profile.team ? (
          <Badge variant="light" color="blue" title={profile.team.name} data-testid="profile-team-card">
            {t('list.teamCard')}
          </Badge>
        ) : null}
        {profile.tag?.lostMode ? (
          <Badge variant="filled" color="red" data-testid="profile-lost">
            {t('list.lost')}
          </Badge>
        ) : null}
        {folder ? (
          <Badge variant="outline" color="gray" leftSection={<ColorSwatch color={folder.color} size={10} />} data-testid="profile-folder">
            {folder.name}
          </Badge>
        ) : null}
        {labels.map((label) => (
          <Badge
            key={label.id}
            variant="outline"
            color="gray"
            leftSection={<ColorSwatch color={label.color} size={10} />}
            data-testid="profile-label"
          >
            {label.name}
          </Badge>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('list.updated', { date: formatDate(profile.updatedAt, locale) })}
      </Text>
      <Group gap={6} className="profile-tile-actions" wrap="wrap">
        <Button
          component={Link}
          to={editPath}
          size="xs"
          variant="light"
          leftSection={<Icon name="edit" size={14} />}
          aria-label={t('actions.editOf', { name: profile.name })}
          data-testid="profile-edit"
        >
          {t('actions.edit')}
        </Button>
        <Button
          component={Link}
          to={`${base}/view/${profile.id}`}
          size="xs"
          variant="default"
          leftSection={<Icon name="eye" size={14} />}
          aria-label={t('actions.viewOf', { name: profile.name })}
          data-testid="profile-view"
        >
          {t('actions.view')}
        </Button>
        <Tooltip label={t('actions.mailbox')} withArrow>
          <ActionIcon
            component={Link}
            to={`/user/buzon/${profile.id}`}
            variant="default"
            size="lg"
            aria-label={t('actions.mailboxOf', { name: profile.name })}
            data-testid="profile-mailbox"
          >
            <Icon name="mail" />
          </ActionIcon>
        </Tooltip>
        <CopyLinkButton
          profileId={profile.id}
          publicPath={profile.sharePath}
          name={profile.name}
          compact
          onCopied={() => recordStep('share', profile.id)}
        />
      </Group>
    </Card>
  );
}
