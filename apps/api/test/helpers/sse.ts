export type SseEvent = { id: string | null; event: string; data: unknown };

/**
 * A server-sent-events client over fetch (as the web app does): bearer header, optional
 * Last-Event-ID. Collects events; `next` waits for the first one not yet taken that matches.
 */
export async function openStream(url: string, token: string | null, lastEventId?: string) {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let taken = 0;
  const listeners = new Set<() => void>();
  let ended = false;
  let heartbeats = 0;

  const done = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event: SseEvent = { id: null, event: 'message', data: undefined };
          let data: string | null = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (block.startsWith(':')) heartbeats += 1;
          if (data === null) continue; // a comment (heartbeat) or the retry line
          event.data = JSON.parse(data);
          events.push(event);
          for (const notify of listeners) notify();
        }
      }
    } catch {
      /* aborted */
    } finally {
      ended = true;
      for (const notify of listeners) notify();
    }
  })();

  return {
    status: res.status,
    events,
    /** The next event not yet taken (optionally of one type), waiting for it. */
    next(type?: string, timeoutMs = 10_000): Promise<SseEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (taken < events.length) {
            const event = events[taken++]!;
            if (!type || event.event === type) {
              cleanup();
              return resolve(event);
            }
          }
          if (ended) {
            cleanup();
            reject(new Error('stream ended'));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${type ?? ''} event within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    ended: () => ended,
    heartbeats: () => heartbeats,
    done,
    close: async () => {
      controller.abort();
      await done;
    },
  };
}
export type Stream = Awaited<ReturnType<typeof openStream>>;
