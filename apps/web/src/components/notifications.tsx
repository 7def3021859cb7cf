import { useSyncExternalStore } from 'react';
import { Button, Group, Notification, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './notifications.css';

/** A button in a notification, e.g. "Undo" after moving something to the trash. */
export interface NotificationAction {
  label: string;
  onClick: () => void;
}

export interface AppNotification {
  id: number;
  kind: 'success' | 'error';
  message: string;
  action?: NotificationAction;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let items: AppNotification[] = [];
let nextId = 1;
const SHOW_MS = 6_000;
/** Longer when there is something to do (Undo), so there is time to reach the button. */
const SHOW_WITH_ACTION_MS = 12_000;
/** Notifications the pointer or the keyboard focus is on: they stay until left. */
const held = new Set<number>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function dismissNotification(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  held.delete(id);
  items = items.filter((item) => item.id !== id);
  emit();
}

/** Closes every message at once (the unit tests' setup: a test leaves none for the next). */
export function dismissAllNotifications(): void {
  for (const { id } of items) dismissNotification(id);
}

function schedule(id: number, ms: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => {
      if (held.has(id)) return;
      dismissNotification(id);
    }, ms),
  );
}

/** Shows a short message (success or error) that closes by itself after a few seconds; with `action`, a button in it. */
export function notify(kind: AppNotification['kind'], message: string, action?: NotificationAction): void {
  const id = nextId++;
  items = [...items.slice(-3), { id, kind, message, ...(action && { action }) }];
  emit();
  schedule(id, action ? SHOW_WITH_ACTION_MS : SHOW_MS);
}

function hold(id: number): void {
  held.add(id);
}

function release(item: AppNotification): void {
  held.delete(item.id);
  if (items.some((i) => i.id === item.id)) schedule(item.id, item.action ? SHOW_WITH_ACTION_MS / 2 : SHOW_MS / 2);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Renders the messages of `notify`; placed once in a signed-in layout. */
export function NotificationHost() {
  const { t } = useTranslation('admin');
  const current = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    <div className="notification-host" role="status" aria-live="polite">
      {current.map((item) => (
        <Notification
          key={item.id}
          color={item.kind === 'success' ? 'teal' : 'red'}
          withBorder
          data-testid={`notification-${item.kind}`}
          closeButtonProps={{ 'aria-label': t('close') }}
          onClose={() => dismissNotification(item.id)}
          onMouseEnter={() => hold(item.id)}
          onMouseLeave={() => release(item)}
          onFocus={() => hold(item.id)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget)) release(item);
          }}
        >
          {item.action ? (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{item.message}</Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  dismissNotification(item.id);
                  item.action?.onClick();
                }}
                data-testid="notification-action"
              >
                {item.action.label}
              </Button>
            </Group>
          ) : (
            item.message
          )}
        </Notification>
      ))}
    </div>
  );
}
