import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/**
 * A text filter typed in a box and kept in the URL: the box writes the URL (trimmed, optionally
 * normalised) once typing pauses; a URL changed from outside (back/forward, "clear") refills the
 * box. Our own write leaves the box alone, so a typed trailing space is not eaten.
 */
export function useUrlTextFilter(
  urlValue: string,
  commit: (value: string) => void,
  normalise: (value: string) => string = (value) => value.trim(),
): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue);
  const [debounced] = useDebouncedValue(text, 350);

  const [shown, setShown] = useState(urlValue);
  if (shown !== urlValue) {
    setShown(urlValue);
    if (normalise(text) !== urlValue) setText(urlValue);
  }

  useEffect(() => {
    if (normalise(debounced) !== urlValue) commit(normalise(debounced));
    // Only a newly typed value writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return [text, setText];
}
