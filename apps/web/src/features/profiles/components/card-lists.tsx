import { List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SOCIAL_NETWORKS } from '@enlaza/contracts';
import { SelectField } from '@/components/select-field';
import { useTeamTemplate } from '@/lib/api/team-template';
import { PhoneInput } from '@/lib/phone-input';
import { OrderedList } from './ordered-list';
import { newKey, type SocialDraft } from './profile-draft';
import { isLocked, LockedNote } from './team-lock';
import type { CardEditor } from './use-profile-editor';

/**
 * A card's ordered lists: its phones and emails (`contact`), or its social and custom links
 * (`links`). Each row's inputs take their marks and limits from the contract; a row is edited
 * as a whole, so that editing it clears that row's errors.
 */
export function CardLists({ editor, part }: { editor: CardEditor; part: 'contact' | 'links' }) {
  return part === 'contact' ? (
    <>
      <PhoneList editor={editor} />
      <EmailList editor={editor} />
    </>
  ) : (
    <>
      <SocialList editor={editor} />
      <LinkList editor={editor} />
    </>
  );
}

/** The most rows the contract takes for a list of the card. */
const maxRows = (editor: CardEditor, list: string) => editor.limits(`card.${list}`).maxItems ?? 0;

function PhoneList({ editor }: { editor: CardEditor }) {
  const { t } = useTranslation('profiles');
  const { draft, error, field, setCardList } = editor;
  return (
    <OrderedList
      legend={t('card.phones')}
      items={draft.card.phones}
      onChange={(items) => setCardList('phones', items)}
      create={() => ({ key: newKey(), label: '', number: null, valid: true })}
      max={maxRows(editor, 'phones')}
      addLabel={t('card.addPhone')}
      itemName={(i) => t('card.phoneN', { n: i + 1 })}
      error={error('card.phones')}
      testId="card-phones"
      renderItem={(item, i, update) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            {...field(`card.phones.${i}.label`)}
            label={t('card.label')}
            placeholder={t('card.phoneLabelHint')}
            onChange={(e) => update({ label: e.currentTarget.value })}
          />
          <PhoneInput
            label={t('card.number')}
            value={item.number}
            error={error(`card.phones.${i}.number`) ?? (item.valid ? null : t('errors.phoneInvalid'))}
            onChange={(number, _country, details) => update({ number, valid: details.valid })}
            required={field(`card.phones.${i}.number`).required}
          />
        </SimpleGrid>
      )}
    />
  );
}

function EmailList({ editor }: { editor: CardEditor }) {
  const { t } = useTranslation('profiles');
  const { draft, error, field, setCardList } = editor;
  return (
    <OrderedList
      legend={t('card.emails')}
      items={draft.card.emails}
      onChange={(items) => setCardList('emails', items)}
      create={() => ({ key: newKey(), label: '', email: '' })}
      max={maxRows(editor, 'emails')}
      addLabel={t('card.addEmail')}
      itemName={(i) => t('card.emailN', { n: i + 1 })}
      error={error('card.emails')}
      testId="card-emails"
      renderItem={(_item, i, update) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            {...field(`card.emails.${i}.label`)}
            label={t('card.label')}
            placeholder={t('card.emailLabelHint')}
            onChange={(e) => update({ label: e.currentTarget.value })}
          />
          <TextInput
            {...field(`card.emails.${i}.email`)}
            label={t('card.email')}
            type="email"
            onChange={(e) => update({ email: e.currentTarget.value })}
          />
        </SimpleGrid>
      )}
    />
  );
}

function SocialList({ editor }: { editor: CardEditor }) {
  const { t } = useTranslation('profiles');
  const { draft, error, field, setCardList } = editor;
  return (
    <OrderedList
      legend={t('card.socialLinks')}
      items={draft.card.socialLinks}
      onChange={(items) => setCardList('socialLinks', items)}
      create={(): SocialDraft => ({ key: newKey(), network: 'linkedin', url: '' })}
      max={maxRows(editor, 'socialLinks')}
      addLabel={t('card.addSocial')}
      itemName={(i) => t('card.socialN', { n: i + 1 })}
      error={error('card.socialLinks')}
      testId="card-social"
      renderItem={(item, i, update) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <SelectField
            label={t('card.network')}
            value={item.network}
            onChange={(value) => update({ network: value as (typeof SOCIAL_NETWORKS)[number] })}
            data={SOCIAL_NETWORKS.map((n) => ({ value: n, label: t(`networks.${n}`) }))}
            error={error(`card.socialLinks.${i}.network`)}
          />
          <TextInput
            {...field(`card.socialLinks.${i}.url`)}
            label={t('card.url')}
            type="url"
            placeholder="https://"
            onChange={(e) => update({ url: e.currentTarget.value })}
          />
        </SimpleGrid>
      )}
    />
  );
}

/** The custom links; a team that locks its shared links keeps them first (TeamLinkList). */
function LinkList({ editor }: { editor: CardEditor }) {
  return isLocked(editor.lock, 'links') ? <TeamLinkList editor={editor} /> : <OwnLinks editor={editor} shared={0} />;
}

/**
 * A team card whose shared links are locked: they come first and are shown, not edited (how many
 * there are comes from the team's template; until it is read, every row is kept), and the member's
 * own links follow.
 */
function TeamLinkList({ editor }: { editor: CardEditor }) {
  const { t } = useTranslation('profiles');
  const template = useTeamTemplate();
  const all = editor.draft.card.customLinks;
  const shared = Math.min(template.data?.values.links.length ?? all.length, all.length);
  return (
    <Stack gap="xs">
      {shared > 0 ? (
        <Stack gap={4} data-testid="card-shared-links">
          <Text size="sm" fw={500}>
            {t('team.sharedLinks')}
          </Text>
          <List size="sm" spacing={2}>
            {all.slice(0, shared).map((link) => (
              <List.Item key={link.key} style={{ overflowWrap: 'anywhere' }}>
                {link.label}: {link.url}
              </List.Item>
            ))}
          </List>
          <LockedNote lock={editor.lock} field="links" />
        </Stack>
      ) : null}
      <OwnLinks editor={editor} shared={shared} />
    </Stack>
  );
}

/** The card's own custom links, after the `shared` ones its team sets. */
function OwnLinks({ editor, shared }: { editor: CardEditor; shared: number }) {
  const { t } = useTranslation('profiles');
  const { draft, error, field, setCardList } = editor;
  const all = draft.card.customLinks;
  return (
    <OrderedList
      legend={t('card.customLinks')}
      items={all.slice(shared)}
      onChange={(items) => setCardList('customLinks', [...all.slice(0, shared), ...items])}
      create={() => ({ key: newKey(), label: '', url: '' })}
      max={maxRows(editor, 'customLinks') - shared}
      addLabel={t('card.addLink')}
      itemName={(i) => t('card.linkN', { n: i + 1 })}
      error={error('card.customLinks')}
      testId="card-links"
      renderItem={(_item, i, update) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            {...field(`card.customLinks.${shared + i}.label`)}
            label={t('card.linkLabel')}
            onChange={(e) => update({ label: e.currentTarget.value })}
          />
          <TextInput
            {...field(`card.customLinks.${shared + i}.url`)}
            label={t('card.url')}
            type="url"
            placeholder="https://"
            onChange={(e) => update({ url: e.currentTarget.value })}
          />
        </SimpleGrid>
      )}
    />
  );
}
