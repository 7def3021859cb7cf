import { useCallback, useState } from 'react';
import { errorsAfterListChange, withoutErrors, type FieldErrorMap } from './field-errors';
import type { CardDraft, Keyed, ProfileDraft, TagDraft } from './profile-draft';

type ListField = 'phones' | 'emails' | 'socialLinks' | 'customLinks';
type CommonPatch = Partial<Omit<ProfileDraft, 'card' | 'tag' | 'kind'>>;

/** Error paths of the common fields (the theme's live under `theme.`). */
const commonPath = (key: string) => (key === 'color' ? 'theme.color' : key === 'layout' ? 'theme.layout' : key);

/** The editor's draft and its field errors; editing a field clears that field's error only. */
export function useProfileEditor(initial: ProfileDraft) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrorMap>({});

  const clear = (paths: string[]) => setErrors((current) => paths.reduce(withoutErrors, current));

  const setCommon = useCallback((patch: CommonPatch) => {
    setDraft((d) => ({ ...d, ...patch }));
    clear(Object.keys(patch).map(commonPath));
  }, []);

  const setCard = useCallback((patch: Partial<Omit<CardDraft, ListField>>) => {
    setDraft((d) => ({ ...d, card: { ...d.card, ...patch } }));
    clear(Object.keys(patch).map((key) => `card.${key}`));
  }, []);

  const setCardList = <K extends ListField>(field: K, items: CardDraft[K]) => {
    setErrors((current) => errorsAfterListChange(current, `card.${field}`, draft.card[field] as Keyed[], items as Keyed[]));
    setDraft((d) => ({ ...d, card: { ...d.card, [field]: items } }));
  };

  const setTag = useCallback((patch: Partial<TagDraft>) => {
    setDraft((d) => ({ ...d, tag: { ...d.tag, ...patch } }));
    clear(Object.keys(patch).map((key) => `tag.${key}`));
  }, []);

  return { draft, errors, setErrors, setCommon, setCard, setCardList, setTag, error: (path: string) => errors[path] };
}

export type ProfileEditor = ReturnType<typeof useProfileEditor>;
