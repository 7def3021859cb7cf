import type { Database } from '../../db/client.js';
import { shortProfileLink } from '../../lib/public-links.js';
import { suppress } from '../audience/index.js';
import { prepareEmail, type PreparedEmail } from '../templates/index.js';
import { createCampaignRelays } from './campaign-relays.js';
import { bounceAddress } from './inbound.js';
import { renderCampaignEmail } from './links.js';
import { buildCampaignMime, composerMail, listDomain } from './mime.js';
import type { CampaignRow, ClaimedRecipient } from './repository.js';
import { createSentMarker, createThrottle, withinClaimLease } from './send-helpers.js';
import type { RunOwner, SenderDeps } from './sender-deps.js';
import { fromHeader } from './sender-identity.js';
import { classifySmtpError, detailOf, SOFT_BOUNCE_LIMIT, stallKindOf, type SmtpError } from './smtp-failures.js';
import type { Problem } from './stall.js';

/** An address sent with a prebuilt message: printable ASCII, one @, no spaces or brackets. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

/** What became of one recipient's send. */
export type Outcome = { kind: 'sent' | 'settled' | 'retry' | 'outage' | 'other'; problem?: Problem };

/**
 * One recipient's email, rendered, sent over SMTP and its row marked by the outcome; the transport,
 * the throttle and each campaign's prepared template are kept here for every send.
 */
export function createRecipientMail(deps: SenderDeps) {
  const { repo, config, log, signer } = deps;
  const db: Database = deps.database.db;
  const domain = listDomain(config.mailFrom);
  // The SMTP servers (the admin's, else the environment's; none: the batch writes its emails to the log), read each batch.
  const transport = createCampaignRelays({
    source: deps.relays,
    smtp: config.smtp,
    dkim: config.dkim,
    connections: config.campaignSmtpConnections,
    deadlineMs: config.smtpSendTimeoutMs,
    log,
    metrics: deps.metrics,
  });
  const throttle = createThrottle(config.campaignRatePerSecond);
  const leaseSeconds = config.jobTimeoutSeconds;
  // The longest one send may take: its deadline.
  const sendMs = config.smtpSendTimeoutMs;
  // While one message is being sent its row stays held longer than its deadline.
  const sendLeaseSeconds = Math.max(leaseSeconds, Math.ceil(sendMs / 1000) + 1);
  const messageIdOf = (recipientId: string) => `<${recipientId}@${domain}>`;
  // The envelope's sender (where bounces go): the inbound listener's bounce address when it is on,
  // so DSNs come back to us; else the address of MAIL_FROM (as nodemailer reads it from the From header).
  const fromAddress = config.inbound
    ? bounceAddress(config.inbound.domain)
    : (/<([^<>]*)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim());
  const envelopeFrom = PLAIN_ADDRESS.test(fromAddress) ? fromAddress : null;
  const markSent = createSentMarker((ids) => repo.markSentMany(ids, domain));
  // Each campaign's template laid out and inlined once (the costly part of rendering), for the
  // campaigns this process is sending; a snapshot that changed (edited and started again) is prepared anew.
  const prepared = new Map<string, { subject: string; bodyHtml: string; locale: string; email: PreparedEmail }>();
  const preparedFor = (campaign: CampaignRow, locale: string): PreparedEmail => {
    const subject = campaign.subject ?? '';
    const bodyHtml = campaign.bodyHtml ?? '';
    const hit = prepared.get(campaign.id);
    if (hit && hit.subject === subject && hit.bodyHtml === bodyHtml && hit.locale === locale) return hit.email;
    const email = prepareEmail({ subject, bodyHtml }, locale);
    prepared.delete(campaign.id);
    if (prepared.size >= 32) prepared.delete(prepared.keys().next().value!);
    prepared.set(campaign.id, { subject, bodyHtml, locale, email });
    return email;
  };

  async function sendOne(campaign: CampaignRow, owner: RunOwner, r: ClaimedRecipient, claimedAt: number): Promise<Outcome> {
    const profileUrl = shortProfileLink(config.publicUrl, owner.alias);
    const email = renderCampaignEmail(preparedFor(campaign, owner.locale), r, {
      signer,
      profileUrl,
      locale: owner.locale,
      sender: campaign.sender,
    });
    // The owner's own domain signs (DMARC aligns with its From) only when the campaign has its sender.
    const own = campaign.sender && owner.own ? owner.own : undefined;
    await throttle();
    // Still ours? Inside the claim's lease it surely is; a run slowed down past it re-holds the row and
    // skips it if another run took it meanwhile.
    if (!withinClaimLease(claimedAt, leaseSeconds, sendMs, performance.now()) && !(await repo.hold(r.id, r.attempts, sendLeaseSeconds)))
      return { kind: 'other' };
    try {
      const message = {
        // "<owner> via <platform>" on the platform's address (its domain is the authenticated one), or the
        // owner's name on their own verified domain's address; replies to the owner.
        from: fromHeader(config.mailFrom, campaign.sender?.name ?? null, owner.own?.address ?? null),
        replyTo: campaign.sender?.replyTo || undefined,
        to: r.email,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: messageIdOf(r.id),
        unsubscribeUrl: email.unsubscribeUrl,
        unsubscribeMailto: email.unsubscribeMailto,
        campaignId: campaign.id,
        ownerId: campaign.userId,
        ownerAlias: owner.alias,
        domain,
      };
      // The message as one string, the same bytes MailComposer builds (mime.ts); an address that is not
      // plain ASCII (an international domain to turn into punycode…) still goes through nodemailer's composer.
      if (envelopeFrom && PLAIN_ADDRESS.test(r.email))
        await transport.send({ envelope: { from: envelopeFrom, to: [r.email] }, raw: buildCampaignMime(message) }, own);
      else
        await transport.send(
          { ...composerMail(message), ...(config.inbound || own ? { envelope: { from: fromAddress, to: [r.email] } } : {}) },
          own,
        );
    } catch (error) {
      const e = error as SmtpError;
      const problem: Problem = { kind: stallKindOf(e), detail: detailOf(e) };
      const failure = classifySmtpError(e);
      // Nothing was said about this recipient: the batch gives the row back, with its attempt.
      if (failure === 'outage') return { kind: 'outage', problem };
      const message = (e.message || String(e)).slice(0, 500);
      if (failure === 'hard' || failure === 'soft') {
        await repo.markSettled(r.id, 'bounced', message, failure);
        // A wrong address at once; any other refusal once it keeps coming (SOFT_BOUNCE_LIMIT).
        if (failure === 'hard' || (await repo.recentSoftBounces(campaign.userId, r.email)) >= SOFT_BOUNCE_LIMIT)
          await suppress(db, campaign.userId, r.email, 'bounced');
        return { kind: 'settled', problem };
      }
      // A 4xx: the next try after the schedule's wait for this attempt; failed once the schedule is used up.
      const wait = config.campaignRetrySeconds[r.attempts - 1];
      if (wait === undefined) {
        await repo.markSettled(r.id, 'failed', message);
        return { kind: 'settled', problem };
      }
      await repo.markRetry(r.id, message, wait);
      return { kind: 'retry', problem };
    }
    // Accepted by the SMTP server: mark it at once (the crash window is this UPDATE, shared with the
    // rows of other connections accepted meanwhile).
    await markSent(r.id);
    return { kind: 'sent' };
  }

  return { domain, transport, sendOne };
}
