import { Alert, Anchor, Collapse, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TAG_KINDS } from '@enlaza/contracts';
import { SelectField } from '@/components/select-field';
import { PhoneInput } from '@/lib/phone-input';
import type { TagDraft } from './profile-draft';
import type { ProfileEditor } from './use-profile-editor';

/** A smart tag's own fields: name, kind, description, owner contact, lost mode (its phone, note, reward) and serial. */
export function TagFields({ editor }: { editor: Pick<ProfileEditor, 'draft' | 'error' | 'setTag'> }) {
  const { t } = useTranslation('profiles');
  const { draft, error, setTag } = editor;
  const tag: TagDraft = draft.tag;
  const [phoneValid, setPhoneValid] = useState(true);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('tag.name')}
          value={tag.name}
          onChange={(e) => setTag({ name: e.currentTarget.value })}
          error={error('tag.name')}
          maxLength={80}
          required
          data-testid="tag-name"
        />
        <SelectField
          label={t('tag.kind')}
          value={tag.tagKind}
          onChange={(value) => setTag({ tagKind: value as TagDraft['tagKind'] })}
          data={TAG_KINDS.map((kind) => ({ value: kind, label: t(`tagKinds.${kind}`) }))}
          error={error('tag.tagKind')}
          required
          data-testid="tag-kind"
        />
      </SimpleGrid>
      <Textarea
        label={t('tag.description')}
        value={tag.description}
        onChange={(e) => setTag({ description: e.currentTarget.value })}
        error={error('tag.description')}
        maxLength={1000}
        autosize
        minRows={3}
        maxRows={8}
        data-testid="tag-description"
      />
      <TextInput
        label={t('tag.serial')}
        description={t('tag.serialHint')}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
        value={tag.serial}
        onChange={(e) => setTag({ serial: e.currentTarget.value })}
        error={error('tag.serial')}
        maxLength={40}
        maw={{ sm: '50%' }}
        data-testid="tag-serial"
      />
      <Switch
        label={t('tag.showOwnerContact')}
        description={t('tag.showOwnerContactHint')}
        checked={tag.showOwnerContact}
        onChange={(e) => setTag({ showOwnerContact: e.currentTarget.checked })}
        error={error('tag.showOwnerContact')}
        data-testid="tag-owner-contact"
      />
      {/* The contact shown is the account's own: say where it comes from and where to change it. */}
      <Text size="xs" c="dimmed" mt={-6} data-testid="tag-owner-contact-source">
        {t('tag.ownerContactSource')}{' '}
        <Anchor component={Link} to="/user/personalinformation" size="xs">
          {t('tag.ownerContactSourceLink')}
        </Anchor>
      </Text>
      <Switch
        label={t('tag.lostMode')}
        description={t('tag.lostModeHint')}
        color="red"
        checked={tag.lostMode}
        onChange={(e) => setTag({ lostMode: e.currentTarget.checked })}
        error={error('tag.lostMode')}
        data-testid="tag-lost-mode"
      />
      {/* Phone, note and reward stay editable (and kept) when lost mode is off; they show only while it is on. */}
      <Collapse expanded={tag.lostMode || Boolean(error('tag.lostNote') || error('tag.reward') || error('tag.phone'))}>
        <Stack gap="md">
          <div data-testid="tag-phone">
            <PhoneInput
              label={t('tag.phone')}
              description={t('tag.phoneHint')}
              value={tag.phone}
              error={error('tag.phone') ?? (phoneValid ? undefined : t('errors.phoneInvalid'))}
              onChange={(phone, _country, details) => {
                setPhoneValid(details.valid || !phone);
                setTag({ phone: phone ?? '' });
              }}
            />
          </div>
          {tag.lostMode && !tag.phone ? (
            <Alert color="yellow" role="status" data-testid="tag-phone-missing">
              {t('tag.phoneMissing')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Textarea
              label={t('tag.lostNote')}
              description={t('tag.lostNoteHint')}
              value={tag.lostNote}
              onChange={(e) => setTag({ lostNote: e.currentTarget.value })}
              error={error('tag.lostNote')}
              maxLength={500}
              autosize
              minRows={2}
              data-testid="tag-lost-note"
            />
            <TextInput
              label={t('tag.reward')}
              description={t('tag.rewardHint')}
              value={tag.reward}
              onChange={(e) => setTag({ reward: e.currentTarget.value })}
              error={error('tag.reward')}
              maxLength={120}
              data-testid="tag-reward"
            />
          </SimpleGrid>
        </Stack>
      </Collapse>
    </Stack>
  );
}
