import { Alert, Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import { useMailboxProfiles } from '../api/profile-options';

/** Which card's or tag's mailbox is shown; choosing another opens its address. */
export function MailboxProfilePicker({ profileId }: { profileId: string }) {
  const { t } = useTranslation(['mailbox', 'admin']);
  const navigate = useNavigate();
  const profiles = useMailboxProfiles();
  const profileOptions = (profiles.data ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${t(`kinds.${p.kind}`)}` }));
  if (profileId && profiles.data && !profiles.data.some((p) => p.id === profileId))
    profileOptions.unshift({ value: profileId, label: t('unknownProfile') });

  return (
    <>
      <SelectField
        label={t('profile')}
        value={profileId}
        onChange={(value) => void navigate(`/user/buzon/${value}`)}
        data={profiles.isPending ? [{ value: profileId, label: t('loading') }] : profileOptions}
        maw={420}
        data-testid="mailbox-profile"
      />
      {profiles.isError ? (
        <Alert color="red" role="alert" title={t('profilesError')} maw={420} data-testid="mailbox-profiles-error">
          <Button size="xs" variant="light" onClick={() => void profiles.refetch()} loading={profiles.isFetching}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}
