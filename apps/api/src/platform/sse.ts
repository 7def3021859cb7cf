import type { ServerResponse } from 'node:http';

/**
 * One server-sent-events response: frames, comments (heartbeats) and backpressure. `send` returns
 * false once the socket's buffer is full; the caller stops writing until `onDrain` fires, so a slow
 * client never makes the process buffer without bound.
 */
export type SseConnection = {
  send(frame: { id?: string; event?: string; data: unknown }): boolean;
  comment(text: string): boolean;
  /** True while the last write was not yet flushed (stop writing until drained). */
  congested(): boolean;
  onDrain(listener: () => void): void;
  onClose(listener: () => void): void;
  closed(): boolean;
  end(): void;
};

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // Reverse proxies (nginx) must pass events through at once, not buffer them.
  'x-accel-buffering': 'no',
};

export function openSse(raw: ServerResponse, retryMs: number): SseConnection {
  raw.writeHead(200, HEADERS);
  let congested = false;
  let closed = false;
  const write = (chunk: string) => {
    if (closed) return false;
    congested = !raw.write(chunk);
    return !congested;
  };
  raw.on('drain', () => {
    congested = false;
  });
  raw.on('close', () => {
    closed = true;
  });
  write(`retry: ${retryMs}\n\n`);
  return {
    send({ id, event, data }) {
      const lines = JSON.stringify(data);
      return write(`${id ? `id: ${id}\n` : ''}${event ? `event: ${event}\n` : ''}data: ${lines}\n\n`);
    },
    comment: (text) => write(`: ${text}\n\n`),
    congested: () => congested,
    onDrain: (listener) => void raw.on('drain', listener),
    onClose: (listener) => void raw.on('close', listener),
    closed: () => closed,
    end() {
      if (!closed) raw.end();
    },
  };
}
