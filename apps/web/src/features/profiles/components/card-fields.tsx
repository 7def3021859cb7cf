import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SOCIAL_NETWORKS } from '@enlaza/contracts';
import { SelectField } from '@/components/select-field';
import { PhoneInput } from '@/lib/phone-input';
import { OrderedList } from './ordered-list';
import { newKey, type CardDraft, type SocialDraft } from './profile-draft';
import type { ProfileEditor } from './use-profile-editor';

/** A card's own fields: names, work, bio, phones, emails, website, address and links. */
export function CardFields({ editor }: { editor: Pick<ProfileEditor, 'draft' | 'error' | 'setCard' | 'setCardList'> }) {
  const { t } = useTranslation('profiles');
  const { draft, error, setCard, setCardList } = editor;
  const card: CardDraft = draft.card;
  const text = (
    field: 'firstName' | 'lastName' | 'jobTitle' | 'company' | 'website' | 'address',
    max: number,
    extra: { required?: boolean; type?: string; autoComplete?: string; placeholder?: string } = {},
  ) => (
    <TextInput
      label={t(`card.${field}`)}
      value={card[field]}
      onChange={(e) => setCard({ [field]: e.currentTarget.value })}
      error={error(`card.${field}`)}
      maxLength={max}
      data-testid={`card-${field}`}
      {...extra}
    />
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('firstName', 80, { required: true, autoComplete: 'given-name' })}
        {text('lastName', 80, { autoComplete: 'family-name' })}
        {text('jobTitle', 120, { autoComplete: 'organization-title' })}
        {text('company', 120, { autoComplete: 'organization' })}
      </SimpleGrid>
      <Textarea
        label={t('card.bio')}
        value={card.bio}
        onChange={(e) => setCard({ bio: e.currentTarget.value })}
        error={error('card.bio')}
        maxLength={1000}
        autosize
        minRows={3}
        maxRows={8}
        data-testid="card-bio"
      />
      <OrderedList
        legend={t('card.phones')}
        items={card.phones}
        onChange={(items) => setCardList('phones', items)}
        create={() => ({ key: newKey(), label: '', number: null, valid: true })}
        max={5}
        addLabel={t('card.addPhone')}
        itemName={(i) => t('card.phoneN', { n: i + 1 })}
        error={error('card.phones')}
        testId="card-phones"
        renderItem={(item, i, update) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput
              label={t('card.label')}
              placeholder={t('card.phoneLabelHint')}
              value={item.label}
              onChange={(e) => update({ label: e.currentTarget.value })}
              error={error(`card.phones.${i}.label`)}
              maxLength={40}
            />
            <PhoneInput
              label={t('card.number')}
              value={item.number}
              error={error(`card.phones.${i}.number`) ?? (item.valid ? null : t('errors.phoneInvalid'))}
              onChange={(number, _country, details) => update({ number, valid: details.valid })}
              required
            />
          </SimpleGrid>
        )}
      />
      <OrderedList
        legend={t('card.emails')}
        items={card.emails}
        onChange={(items) => setCardList('emails', items)}
        create={() => ({ key: newKey(), label: '', email: '' })}
        max={5}
        addLabel={t('card.addEmail')}
        itemName={(i) => t('card.emailN', { n: i + 1 })}
        error={error('card.emails')}
        testId="card-emails"
        renderItem={(item, i, update) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput
              label={t('card.label')}
              placeholder={t('card.emailLabelHint')}
              value={item.label}
              onChange={(e) => update({ label: e.currentTarget.value })}
              error={error(`card.emails.${i}.label`)}
              maxLength={40}
            />
            <TextInput
              label={t('card.email')}
              type="email"
              value={item.email}
              onChange={(e) => update({ email: e.currentTarget.value })}
              error={error(`card.emails.${i}.email`)}
              maxLength={254}
              required
            />
          </SimpleGrid>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('website', 500, { type: 'url', placeholder: 'https://', autoComplete: 'url' })}
        {text('address', 300, { autoComplete: 'street-address' })}
      </SimpleGrid>
      <OrderedList
        legend={t('card.socialLinks')}
        items={card.socialLinks}
        onChange={(items) => setCardList('socialLinks', items)}
        create={(): SocialDraft => ({ key: newKey(), network: 'linkedin', url: '' })}
        max={15}
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
              label={t('card.url')}
              type="url"
              placeholder="https://"
              value={item.url}
              onChange={(e) => update({ url: e.currentTarget.value })}
              error={error(`card.socialLinks.${i}.url`)}
              maxLength={500}
              required
            />
          </SimpleGrid>
        )}
      />
      <OrderedList
        legend={t('card.customLinks')}
        items={card.customLinks}
        onChange={(items) => setCardList('customLinks', items)}
        create={() => ({ key: newKey(), label: '', url: '' })}
        max={20}
        addLabel={t('card.addLink')}
        itemName={(i) => t('card.linkN', { n: i + 1 })}
        error={error('card.customLinks')}
        testId="card-links"
        renderItem={(item, i, update) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput
              label={t('card.linkLabel')}
              value={item.label}
              onChange={(e) => update({ label: e.currentTarget.value })}
              error={error(`card.customLinks.${i}.label`)}
              maxLength={60}
              required
            />
            <TextInput
              label={t('card.url')}
              type="url"
              placeholder="https://"
              value={item.url}
              onChange={(e) => update({ url: e.currentTarget.value })}
              error={error(`card.customLinks.${i}.url`)}
              maxLength={500}
              required
            />
          </SimpleGrid>
        )}
      />
    </Stack>
  );
}
