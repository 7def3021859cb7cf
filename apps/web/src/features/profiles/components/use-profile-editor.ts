import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { profileInputSchema, type ProfileKind } from '@enlaza/contracts';
import { apiErrorMessage, classifyFailure } from '@/lib/api-error-message';
import { contractField } from '@/lib/forms/contract-fields';
import type { Issue } from '@/lib/forms/issue-message';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { errorsAfterListChange } from './field-errors';
import { inputOf, type CardDraft, type Keyed, type ProfileDraft, type TagDraft } from './profile-draft';
import type { TeamLock } from './team-lock';

type ListField = 'phones' | 'emails' | 'socialLinks' | 'customLinks';
type CommonPatch = Partial<Omit<ProfileDraft, 'card' | 'tag' | 'kind'>>;

/** Each kind's own contract: fields (and their limits) are read from an object, not from the union of both. */
const [cardSchema, tagSchema] = profileInputSchema.options;

const schemaOf = (kind: ProfileKind) => (kind === 'card' ? cardSchema : tagSchema);

/**
 * The phone widget gives no number for a row it reports unfinished: such a row is checked with a
 * number the contract refuses, and named in this editor's words, before anything is sent.
 */
const UNFINISHED = 'unfinished';
function checkedOf(draft: ProfileDraft) {
  const body = inputOf(draft);
  if (body.kind !== 'card') return body;
  const phones = body.card.phones.map((phone, i) => (draft.card.phones[i]?.valid === false ? { ...phone, number: UNFINISHED } : phone));
  return { ...body, card: { ...body.card, phones } };
}

const rows = (count: number | undefined) => Array.from({ length: count ?? 0 }, (_, i) => i);
const MAX_PHONES = contractField(cardSchema, 'card.phones').maxItems;
const MAX_LABELS = contractField(cardSchema, 'labelIds').maxItems;

/**
 * Body fields shown by another input: the theme's by the colour and layout pickers, each label's
 * by the labels picker.
 */
const FIELD_OF: Record<string, string> = {
  'theme.color': 'color',
  'theme.layout': 'layout',
  ...Object.fromEntries(rows(MAX_LABELS).map((i) => [`labelIds.${i}`, 'labelIds'])),
};

/**
 * The editor's draft on the profile's contract (`useContractForm`): its values, field errors and
 * the contract's limits. Editing a field clears that field's error only; a list whose rows were
 * added, removed or moved loses its row errors (their numbers no longer fit). `lock`: a team card's
 * team and the fields it locks, which the editor shows read-only.
 */
export function useProfileEditor(initial: ProfileDraft, lock: TeamLock = null) {
  const { t } = useTranslation('profiles');
  const messages = useMemo(() => {
    const unfinished = (_issue: Issue, value: unknown) => (value === UNFINISHED ? t('errors.phoneInvalid') : undefined);
    return Object.fromEntries(rows(MAX_PHONES).map((i) => [`card.phones.${i}.number`, unfinished]));
  }, [t]);
  const contract = useContractForm(schemaOf(initial.kind), {
    initialValues: initial,
    toBody: checkedOf,
    fieldOf: FIELD_OF,
    messages,
    centerErrors: true,
    // A failure no field shows. The server's own sentence says what to change; the others mean
    // "try again", so they add that what was typed is not lost.
    errorMessage: (error) =>
      classifyFailure(error).kind === 'answered' ? apiErrorMessage(error, t) : `${apiErrorMessage(error, t)} ${t('errors.draftKept')}`,
  });
  const { form } = contract;

  const setCommon = (patch: CommonPatch) => {
    for (const [key, value] of Object.entries(patch)) form.setFieldValue(key, value);
  };
  const setCard = (patch: Partial<Omit<CardDraft, ListField>>) => {
    for (const [key, value] of Object.entries(patch)) form.setFieldValue(`card.${key}`, value);
  };
  const setTag = (patch: Partial<TagDraft>) => {
    for (const [key, value] of Object.entries(patch)) form.setFieldValue(`tag.${key}`, value);
  };
  const setCardList = <K extends ListField>(field: K, items: CardDraft[K]) => {
    const errors = errorsAfterListChange(form.errors, `card.${field}`, form.getValues().card[field] as Keyed[], items as Keyed[]);
    form.setFieldValue(`card.${field}`, items as never);
    form.setErrors(errors);
  };

  return {
    ...contract,
    draft: contract.values,
    error: contract.errorOf,
    setCommon,
    setCard,
    setCardList,
    setTag,
    lock,
    /** The contract's limits of a field ('card.phones': its most rows). */
    limits: (path: string) => contractField(schemaOf(initial.kind), path),
  };
}

export type ProfileEditor = ReturnType<typeof useProfileEditor>;

/** The part of the editor a card's own fields use (CardFields and its lists). */
export type CardEditor = Pick<ProfileEditor, 'draft' | 'error' | 'field' | 'limits' | 'setCardList' | 'lock'>;
