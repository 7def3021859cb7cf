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
export function TagFields({ editor }: { editor: Pick<ProfileEditor, 'draft' | 'error' | 'field' | 'setTag'> }) {
  const { t } = useTranslation('profiles');
  const { draft, error, field, setTag } = editor;
  const tag: TagDraft = draft.tag;
  const [phoneValid, setPhoneValid] = useState(true);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput {...field('tag.name')} label={t('tag.name')} data-testid="tag-name" />
        <SelectField
          label={t('tag.kind')}
          value={tag.tagKind}
          onChange={(value) => setTag({ tagKind: value as TagDraft['tagKind'] })}
          data={TAG_KINDS.map((kind) => ({ value: kind, label: t(`tagKinds.${kind}`) }))}
          error={error('tag.tagKind')}
          required={field('tag.tagKind').required}
          data-testid="tag-kind"
        />
      </SimpleGrid>
      <Textarea {...field('tag.description')} label={t('tag.description')} autosize minRows={3} maxRows={8} data-testid="tag-description" />
      <TextInput
        {...field('tag.serial')}
        label={t('tag.serial')}
        description={t('tag.serialHint')}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
        maw={{ sm: '50%' }}
        data-testid="tag-serial"
      />
      <Switch
        {...field('tag.showOwnerContact', { type: 'checkbox' })}
        label={t('tag.showOwnerContact')}
        description={t('tag.showOwnerContactHint')}
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
        {...field('tag.lostMode', { type: 'checkbox' })}
        label={t('tag.lostMode')}
        description={t('tag.lostModeHint')}
        color="red"
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
              {...field('tag.lostNote')}
              label={t('tag.lostNote')}
              description={t('tag.lostNoteHint')}
              autosize
              minRows={2}
              data-testid="tag-lost-note"
            />
            <TextInput {...field('tag.reward')} label={t('tag.reward')} description={t('tag.rewardHint')} data-testid="tag-reward" />
          </SimpleGrid>
        </Stack>
      </Collapse>
    </Stack>
  );
}
