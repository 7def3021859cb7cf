import { useState } from 'react';
import type { CloudFile } from '@enlaza/contracts';

const NONE: string[] = [];

/**
 * The files selected for a bulk action. The selection belongs to one list view (`viewKey`: filters,
 * order, page, live files): changing any of them starts empty, so a bulk action never acts on files
 * the user can't see.
 */
export function useFileSelection(viewKey: string, files: CloudFile[], trash: boolean) {
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: viewKey, ids: [] });
  const selected = !trash && selection.key === viewKey ? selection.ids.filter((id) => files.some((f) => f.id === id)) : NONE;
  const select = (next: (current: string[]) => string[]) => setSelection({ key: viewKey, ids: next(selected) });
  const toggle = (id: string, on: boolean) => select((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id)));
  const clear = () => setSelection({ key: viewKey, ids: [] });
  const allOnPage = files.length > 0 && files.every((f) => selected.includes(f.id));
  return { selected, select, toggle, clear, allOnPage };
}
