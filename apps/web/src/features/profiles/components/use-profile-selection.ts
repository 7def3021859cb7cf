import { useEffect, useRef, useState } from 'react';

const NONE: string[] = [];

/**
 * The cards or tags ticked on one list view. The selection belongs to that view (`viewKey`: kind,
 * filters, order, page): changing any of them starts empty, so bulk actions never act on cards or
 * tags the user can't see. When it is cleared (after a bulk action or "clear") the bar disappears:
 * focus goes to the select-all box, or the count when the page has none.
 */
export function useProfileSelection(viewKey: string, rowIds: string[]) {
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: viewKey, ids: [] });
  const selected = selection.key === viewKey ? selection.ids : NONE;
  const setSelected = (next: (current: string[]) => string[]) =>
    setSelection((current) => ({ key: viewKey, ids: next(current.key === viewKey ? current.ids : NONE) }));
  const selectAllRef = useRef<HTMLInputElement>(null);
  const totalRef = useRef<HTMLParagraphElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) (selectAllRef.current ?? totalRef.current)?.focus();
  }, [focusRequest]);

  const allOnPage = rowIds.length > 0 && rowIds.every((id) => selected.includes(id));
  return {
    selected,
    allOnPage,
    someOnPage: !allOnPage && rowIds.some((id) => selected.includes(id)),
    selectAllRef,
    totalRef,
    toggle: (id: string, on: boolean) => setSelected((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id))),
    toggleAll: (on: boolean) =>
      setSelected((current) => (on ? [...new Set([...current, ...rowIds])] : current.filter((id) => !rowIds.includes(id)))),
    clear: () => {
      setSelected(() => []);
      setFocusRequest((n) => n + 1);
    },
  };
}
