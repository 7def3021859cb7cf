// The campaign benchmark's ceiling, in a process of its own (bench/campaign-send.ts forks it): the
// same messages a campaign sends — rendered by the API's own renderer and MIME writer before the
// clock starts — handed to a plain nodemailer pool of as many connections as the campaign sender
// keeps, with as many sends in flight, to the same SMTP sink. No database, no leases, no marks. With
// a DKIM key it signs as nodemailer signs for anyone (its `dkim` option, the PEM key, the same signed
// header fields as the app), so the ratio campaign / bare loop is what the sender adds around SMTP.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { apiSource } from './scratch-app.js';

export type BareLoopRequest = {
  port: number;
  count: number;
  connections: number;
  template: { subject: string; bodyHtml: string };
  /** The DKIM key as the app is given it (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE), or null. */
  dkim: { domainName: string; keySelector: string; keyFile: string } | null;
};
/** `cpuMicros`: this process's CPU while it sent (rendering before excluded). */
export type BareLoopResult = { sent: number; failed: number; renderMs: number; sendMs: number; cpuMicros: number };

const MAIL_FROM = 'Enlaza <no-reply@enlaza.local>';

async function run(request: BareLoopRequest): Promise<BareLoopResult> {
  const { prepareEmail } = await apiSource('modules/templates/render.ts');
  const { createLinkSigner, renderCampaignEmail } = await apiSource('modules/campaigns/links.ts');
  const { buildCampaignMime, listDomain } = await apiSource('modules/campaigns/mime.ts');
  const { senderFrom } = await apiSource('modules/campaigns/sender-identity.ts');
  const { DKIM_SIGNED_FIELDS, noDelaySocket } = await apiSource('lib/smtp.ts');

  // What the demo account sends: its seeded sender, its alias, MAIL_FROM's domain.
  const sender = {
    name: 'Demo User',
    postalAddress: 'Calle de Alcalá 1\n28014 Madrid\nSpain',
    replyTo: 'bench@enlaza.test',
    tracking: true,
  };
  const signer = createLinkSigner('bench-secret', 'http://bench.enlaza.test');
  const domain = listDomain(MAIL_FROM);
  const prepared = prepareEmail(request.template, 'en');
  const campaignId = randomUUID();
  const ownerId = randomUUID();
  const profileId = randomUUID();
  let t = performance.now();
  const messages: { to: string; raw: string }[] = [];
  for (let i = 1; i <= request.count; i += 1) {
    const r = { id: randomUUID(), email: `reader${i}@sink.bench`, name: `Reader ${i}`, profileId };
    const email = renderCampaignEmail(prepared, r, {
      signer,
      profileUrl: 'http://bench.enlaza.test/link/demo',
      locale: 'en',
      sender,
    });
    const raw = buildCampaignMime({
      from: senderFrom(MAIL_FROM, sender.name),
      replyTo: sender.replyTo,
      to: r.email,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: `<${r.id}@${domain}>`,
      unsubscribeUrl: email.unsubscribeUrl,
      unsubscribeMailto: null,
      campaignId,
      ownerId,
      ownerAlias: 'demo',
      domain,
    });
    messages.push({ to: r.email, raw });
  }
  const renderMs = performance.now() - t;

  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: request.port,
    secure: false,
    // Nagle off, as the app's connections (it changes nothing measurable on a loopback sink).
    getSocket: noDelaySocket,
    pool: true,
    maxConnections: request.connections,
    maxMessages: Infinity,
    ...(request.dkim
      ? {
          dkim: {
            domainName: request.dkim.domainName,
            keySelector: request.dkim.keySelector,
            privateKey: readFileSync(request.dkim.keyFile, 'utf8'),
            headerFieldNames: DKIM_SIGNED_FIELDS,
          },
        }
      : {}),
  } as nodemailer.TransportOptions);
  let next = 0;
  let failed = 0;
  t = performance.now();
  const cpuFrom = process.cpuUsage();
  await Promise.all(
    Array.from({ length: request.connections }, async () => {
      while (next < messages.length) {
        const m = messages[next++]!;
        try {
          await transport.sendMail({ envelope: { from: 'no-reply@enlaza.local', to: [m.to] }, raw: m.raw });
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const sendMs = performance.now() - t;
  const cpu = process.cpuUsage(cpuFrom);
  transport.close();
  return { sent: messages.length - failed, failed, renderMs, sendMs, cpuMicros: cpu.user + cpu.system };
}

process.once('message', (request: BareLoopRequest) => {
  run(request).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
