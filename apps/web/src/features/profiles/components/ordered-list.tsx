import { useRef, type ReactNode } from 'react';
import { ActionIcon, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import type { Keyed } from './profile-draft';

interface OrderedListProps<T extends Keyed> {
  legend: string;
  items: T[];
  onChange: (items: T[]) => void;
  /** A new empty row. */
  create: () => T;
  max: number;
  addLabel: string;
  /** Accessible name of a row, e.g. "Phone 2". */
  itemName: (index: number) => string;
  renderItem: (item: T, index: number, update: (patch: Partial<T>) => void) => ReactNode;
  /** An error about the list as a whole (e.g. too many rows). */
  error?: string;
  emptyText?: string;
  testId: string;
}

/** Swaps two rows; out-of-range moves return the same array. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A list whose order matters (phones, links…): add, remove, and move each row up or down with
 * real buttons, so it works with a keyboard and a screen reader; focus follows the moved row.
 */
export function OrderedList<T extends Keyed>({
  legend,
  items,
  onChange,
  create,
  max,
  addLabel,
  itemName,
  renderItem,
  error,
  emptyText,
  testId,
}: OrderedListProps<T>) {
  const { t } = useTranslation('profiles');
  const root = useRef<HTMLFieldSetElement>(null);

  const focusLater = (selector: string) => requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(selector)?.focus());

  const move = (index: number, to: number) => {
    const key = items[index]!.key;
    onChange(moveItem(items, index, to));
    // At the top or the bottom the pressed button becomes disabled: focus its sibling then.
    const dir = to < index ? (to === 0 ? 'down' : 'up') : to === items.length - 1 ? 'up' : 'down';
    focusLater(`[data-row="${key}"] [data-move="${dir}"]`);
  };
  const remove = (index: number) => {
    onChange(items.filter((_, i) => i !== index));
    const next = items[index + 1] ?? items[index - 1];
    focusLater(next ? `[data-row="${next.key}"] [data-move="remove"]` : '[data-add]');
  };
  const add = () => {
    const item = create();
    onChange([...items, item]);
    focusLater(`[data-row="${item.key}"] input, [data-row="${item.key}"] select`);
  };

  return (
    <Fieldset legend={legend} ref={root} data-testid={testId} variant="filled" p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">
        {items.length === 0 && emptyText ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : null}
        {items.map((item, index) => {
          const name = itemName(index);
          const update = (patch: Partial<T>) => onChange(items.map((row, i) => (i === index ? { ...row, ...patch } : row)));
          return (
            <div key={item.key} data-row={item.key} role="group" aria-label={name} className="ordered-row" data-testid={`${testId}-row`}>
              <div className="ordered-row-fields">{renderItem(item, index, update)}</div>
              <Group gap={4} wrap="nowrap" className="ordered-row-actions">
                <ActionIcon
                  variant="default"
                  size="lg"
                  data-move="up"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('ordered.moveUp', { name })}
                >
                  <Icon name="up" />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  data-move="down"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('ordered.moveDown', { name })}
                >
                  <Icon name="down" />
                </ActionIcon>
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  data-move="remove"
                  onClick={() => remove(index)}
                  aria-label={t('ordered.remove', { name })}
                >
                  <Icon name="remove" />
                </ActionIcon>
              </Group>
            </div>
          );
        })}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<Icon name="plus" />}
            onClick={add}
            disabled={items.length >= max}
            data-add
            data-testid={`${testId}-add`}
          >
            {addLabel}
          </Button>
          <Text size="xs" c="dimmed">
            {t('ordered.count', { count: items.length, max })}
          </Text>
        </Group>
      </Stack>
    </Fieldset>
  );
}
