import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamTemplateField } from '@enlaza/contracts';
import { CardLists } from './card-lists';
import { useLockedInput } from './team-lock';
import type { CardEditor } from './use-profile-editor';

type TextField = 'firstName' | 'lastName' | 'jobTitle' | 'company' | 'website' | 'address';
/** The card's text fields a team's template may lock. */
const TEAM_FIELDS: Partial<Record<TextField, TeamTemplateField>> = { company: 'company', website: 'website', address: 'address' };

/** A card's own fields: names, work, bio, phones, emails, website, address and links. */
export function CardFields({ editor }: { editor: CardEditor }) {
  const { t } = useTranslation('profiles');
  const { field } = editor;
  const locked = useLockedInput(editor.lock);
  // Value, change, error, required mark and max length: from the card's contract; a field the team locks is read-only.
  const text = (name: TextField, extra: { type?: string; autoComplete?: string; placeholder?: string } = {}) => {
    const team = TEAM_FIELDS[name];
    return (
      <TextInput
        {...field(`card.${name}`)}
        label={t(`card.${name}`)}
        data-testid={`card-${name}`}
        {...extra}
        {...(team ? locked(team) : {})}
      />
    );
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('firstName', { autoComplete: 'given-name' })}
        {text('lastName', { autoComplete: 'family-name' })}
        {text('jobTitle', { autoComplete: 'organization-title' })}
        {text('company', { autoComplete: 'organization' })}
      </SimpleGrid>
      <Textarea {...field('card.bio')} label={t('card.bio')} autosize minRows={3} maxRows={8} data-testid="card-bio" />
      <CardLists editor={editor} part="contact" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('website', { type: 'url', placeholder: 'https://', autoComplete: 'url' })}
        {text('address', { autoComplete: 'street-address' })}
      </SimpleGrid>
      <CardLists editor={editor} part="links" />
    </Stack>
  );
}
