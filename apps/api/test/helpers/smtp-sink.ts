import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A counting SMTP server for sending tests that can go down and come back: `stop()` closes its
 * listener (new connections are refused) and drops every open connection at once, as a mail server
 * that dies would; `start()` listens again on the same port. It keeps only what a count needs: the
 * messages it accepted, per recipient and per Message-ID.
 *
 * `gate`: while it answers a promise, a message that arrived in full waits for it before it is
 * accepted (the sender waits for the server's answer: the message is in flight). `hang`: a message
 * it answers true for is never answered, while the connection never goes quiet either.
 */
export async function startSmtpSink(options: { port?: number; gate?: () => Promise<void> | null; hang?: (to: string[]) => boolean } = {}) {
  const perRecipient = new Map<string, number>();
  const messageIds: string[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  let held = 0;
  let hung = 0;
  let server: SMTPServer | null = null;
  let port = options.port ?? 0;

  function make(): SMTPServer {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((a) => a.address);
          if (options.hang?.(to)) {
            hung += 1;
            // Never answered: the server keeps writing continuation lines of an answer it never
            // ends ("250-…"), so the client's socket is never quiet and no socket timeout ends the wait.
            const socket = [...sockets].find((s) => s.remotePort === session.remotePort);
            const trickle = setInterval(() => socket?.write('250-still working\r\n'), 200);
            socket?.once('close', () => clearInterval(trickle));
            return;
          }
          const accept = () => {
            accepted += 1;
            for (const address of to) perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
            const id = /^Message-ID:\s*(\S+)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
            if (id) messageIds.push(id);
            callback();
          };
          const gate = options.gate?.();
          if (!gate) return accept();
          held += 1;
          void gate.then(() => {
            held -= 1;
            accept();
          });
        });
      },
    });
    s.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    return s;
  }

  async function start(): Promise<void> {
    const s = make();
    await new Promise<void>((resolve, reject) => {
      s.server.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.server.address() as { port: number }).port;
    server = s;
  }

  async function stop(): Promise<void> {
    const s = server;
    if (!s) return;
    server = null;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  await start();
  return {
    port,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', MAIL_FROM: 'Enlaza <no-reply@enlaza.test>' },
    start,
    stop,
    /** Messages accepted (answered 250) so far. */
    accepted: () => accepted,
    /** Messages waiting at the gate, and messages never to be answered. */
    held: () => held,
    hung: () => hung,
    /** How many messages each recipient got. */
    perRecipient: () => new Map(perRecipient),
    messageIds: () => [...messageIds],
    close: stop,
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
