import { useSyncExternalStore } from 'react';
import { Notification } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface AppNotification {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let items: AppNotification[] = [];
let nextId = 1;
const SHOW_MS = 6_000;

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function dismissNotification(id: number): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

/** Shows a short message (success or error) that closes by itself after a few seconds. */
export function notify(kind: AppNotification['kind'], message: string): void {
  const id = nextId++;
  items = [...items.slice(-3), { id, kind, message }];
  emit();
  setTimeout(() => dismissNotification(id), SHOW_MS);
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
  const current = useSyncExternalStore(subscribe, () => items, () => items);
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
        >
          {item.message}
        </Notification>
      ))}
    </div>
  );
}
