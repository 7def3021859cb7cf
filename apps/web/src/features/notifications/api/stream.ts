import { useEffect } from 'react';
import { notificationEventSchema, unreadNotificationsSchema, type NotificationEvent } from '@enlaza/contracts';
import { buildHeaders } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { notificationKeys } from './keys';
import { mailboxKeys } from '@/lib/api/mailbox-keys';

type Handlers = { onNotification(event: NotificationEvent): void; onUnread(unread: number): void };
const MAX_DELAY_MS = 30_000;

/**
 * Reads the server-sent events of `GET /api/notifications/stream` with fetch, so the bearer token
 * goes in a header (EventSource cannot send one, and a token in the URL would reach logs). On a
 * dropped connection it reconnects with a growing delay and `Last-Event-ID`, so nothing is missed.
 * Returns a function that stops it.
 */
export function connectNotificationStream(handlers: Handlers): () => void {
  let stopped = false;
  let lastEventId: string | null = null;
  let controller: AbortController | null = null;
  let delay = 1_000;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const dispatch = (block: string) => {
    let event = 'message';
    let data = '';
    let id: string | null = null;
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
      else if (line.startsWith('id:')) id = line.slice(3).trim();
    }
    if (!data) return;
    if (id) lastEventId = id;
    const json: unknown = JSON.parse(data);
    if (event === 'notification') {
      const parsed = notificationEventSchema.safeParse(json);
      if (parsed.success) handlers.onNotification(parsed.data);
    } else if (event === 'unread') {
      const parsed = unreadNotificationsSchema.safeParse(json);
      if (parsed.success) handlers.onUnread(parsed.data.unread);
    }
  };

  async function run(): Promise<void> {
    controller = new AbortController();
    const headers = buildHeaders(false);
    headers.set('Accept', 'text/event-stream');
    if (lastEventId) headers.set('Last-Event-ID', lastEventId);
    const response = await fetch('/api/notifications/stream', { headers, signal: controller.signal, cache: 'no-store' });
    // Signed out or not a user: no point retrying with the same token.
    if (response.status === 401 || response.status === 403) {
      stopped = true;
      return;
    }
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    delay = 1_000;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n/g, '\n');
      let at: number;
      while ((at = buffer.indexOf('\n\n')) !== -1) {
        dispatch(buffer.slice(0, at));
        buffer = buffer.slice(at + 2);
      }
    }
  }

  const loop = () => {
    if (stopped) return;
    run()
      .catch(() => undefined)
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(loop, delay);
        delay = Math.min(delay * 2, MAX_DELAY_MS);
      });
  };
  loop();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}

/** Keeps the bell's count and the notification lists current while a user is signed in. */
export function useNotificationStream(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    return connectNotificationStream({
      onNotification: (event) => {
        queryClient.setQueryData(notificationKeys.unread, event.unread);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
        // A new message also changes the mailbox's lists and badge.
        if (event.type === 'new_message') void queryClient.invalidateQueries({ queryKey: mailboxKeys.all });
      },
      onUnread: (unread) => {
        queryClient.setQueryData(notificationKeys.unread, unread);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
      },
    });
  }, [userId]);
}
