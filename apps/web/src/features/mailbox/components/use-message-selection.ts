import { useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

/** The messages selected for a bulk action. The selection belongs to one view (`viewKey`): changing it starts empty. */
export function useMessageSelection(viewKey: string) {
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: viewKey, ids: new Set() });
  const selected: ReadonlySet<string> = selection.key === viewKey ? selection.ids : NONE;
  const setSelected = (next: Set<string> | ((current: ReadonlySet<string>) => Set<string>)) =>
    setSelection((current) => ({
      key: viewKey,
      ids: typeof next === 'function' ? next(current.key === viewKey ? current.ids : NONE) : next,
    }));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, setSelected, toggle };
}
