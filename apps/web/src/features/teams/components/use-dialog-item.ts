import { useState } from 'react';

/**
 * What a dialog that stays mounted shows: the item it was opened for, kept while it closes (so its
 * text does not vanish mid-fade), and a new `session` at each opening to key a fresh form.
 */
export function useDialogItem<T>(item: T | null): { shown: T | null; session: number } {
  const [state, setState] = useState<{ item: T | null; session: number }>({ item, session: 0 });
  if (item !== null && item !== state.item) setState({ item, session: state.session + 1 });
  return { shown: item ?? state.item, session: state.session };
}
