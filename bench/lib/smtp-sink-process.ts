// The campaign benchmark's SMTP sink, in a process of its own (bench/campaign-send.ts forks it): it
// accepts every message and counts them, with the times of the first and the last (its clock), so a
// campaign and the bare loop are timed alike: from the first message accepted to the last. Apart from the bench process so that parsing SMTP does not
// take the CPU the load generator (autocannon) needs — the sink is not the product being measured.
import { setPriority } from 'node:os';
import { SMTPServer } from 'smtp-server';

// The sink stands for a mail server on another machine: at the lowest OS priority it takes only CPU
// that the API, PostgreSQL, the worker and the load generator leave, as a remote server would take none.
try {
  setPriority(19);
} catch {
  /* not allowed here: the default priority */
}

let accepted = 0;
let firstAt = 0;
let lastAt = 0;
/** The sink's own CPU since the last reset (µs), to tell its share of a message's cost. */
let cpuFrom = process.cpuUsage();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      lastAt = performance.now();
      if (accepted === 0) firstAt = lastAt;
      accepted += 1;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.server.address() as { port: number }).port });
});
process.on('message', (message: { type: 'count' | 'reset' | 'close' }) => {
  if (message.type === 'count') {
    const cpu = process.cpuUsage(cpuFrom);
    process.send!({ accepted, firstAt, lastAt, cpuMicros: cpu.user + cpu.system });
  } else if (message.type === 'reset') {
    accepted = 0;
    firstAt = lastAt = 0;
    cpuFrom = process.cpuUsage();
    process.send!({ accepted });
  } else server.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
