import { bounceReportResultSchema, okResponse } from '@enlaza/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config.js';
import { AppError } from '../../../lib/errors.js';
import { errorResponses } from '../../../platform/route-docs.js';
import type { FeedbackResult } from '../service.js';
import type { FeedbackEvent, WebhookRequest } from './events.js';
import { MAILGUN_MAX_AGE_MS, MAILGUN_MAX_SKEW_MS, mailgunEvents, mailgunToken, verifyMailgun } from './mailgun.js';
import { postmarkEvents, verifyPostmark } from './postmark.js';
import { sendgridEvents, verifySendgrid } from './sendgrid.js';
import { createCertificateCache, isAmazonSnsUrl, parseSnsMessage, sesEvents, verifySnsMessage } from './ses.js';

type Options = {
  config: Config['feedback'];
  recordFeedback: (events: FeedbackEvent[]) => Promise<FeedbackResult>;
  /** One-time tokens (Mailgun's): taken once within `keepHours`, given back when applying failed. */
  tokens: {
    take(provider: string, token: string, keepHours: number): Promise<boolean>;
    release(provider: string, token: string): Promise<void>;
  };
  fetch: typeof fetch;
};

/** Mailgun's tokens are kept past its accepted signature age (MAILGUN_MAX_AGE_MS, 9 h) and clock skew. */
const MAILGUN_TOKEN_HOURS = Math.ceil((MAILGUN_MAX_AGE_MS + MAILGUN_MAX_SKEW_MS) / 3_600_000);

const answer = okResponse(bounceReportResultSchema);
const NOTHING: FeedbackResult = { matched: 0, suppressed: 0, paused: 0 };

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('request.invalid_body');
  }
};

/**
 * The mail providers' bounce and complaint webhooks: `POST /api/campaigns/webhooks/{ses,sendgrid,
 * mailgun,postmark}`. Each is 404 until its setting is there, refuses a request whose signature (or,
 * for Postmark, which signs nothing, its basic-auth credentials) does not verify, reads the payload
 * into FeedbackEvents (feedback/*.ts) and applies them. The body is kept as received: signatures
 * cover the exact bytes, and SNS posts JSON as `text/plain`.
 */
export const feedbackWebhookRoutes: FastifyPluginAsyncZod<Options> = async (app, { config, recordFeedback, tokens, fetch }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const requestOf = (request: { body: unknown; headers: WebhookRequest['headers'] }): WebhookRequest => ({
    rawBody: typeof request.body === 'string' ? request.body : '',
    headers: request.headers,
  });
  const schema = (provider: string, how: string) => ({
    tags: ['public'],
    summary: `${provider} reports bounces and complaints (${how}; 404 until configured)`,
    response: { 200: answer, ...errorResponses(401, 403, 404, 406, 415, 422) },
  });

  const certificates = createCertificateCache(fetch);
  app.post(
    '/campaigns/webhooks/ses',
    { schema: schema('Amazon SES through SNS', 'SNS message signature; SES_SNS_TOPIC_ARNS') },
    async (request) => {
      if (config.sesTopicArns.length === 0) throw new AppError('request.not_found');
      const message = parseSnsMessage(requestOf(request).rawBody);
      if (!message) throw new AppError('request.invalid_body');
      if (!config.sesTopicArns.includes(message.TopicArn)) throw new AppError('webhook.unknown_source');
      if (!(await verifySnsMessage(message, certificates))) throw new AppError('webhook.signature_invalid');
      if (message.Type === 'SubscriptionConfirmation') {
        // Subscribing an https endpoint to a topic: SNS waits for a visit of SubscribeURL (an SNS address, checked).
        if (!message.SubscribeURL || !isAmazonSnsUrl(message.SubscribeURL)) throw new AppError('request.invalid_body');
        const confirmed = await fetch(message.SubscribeURL, { signal: AbortSignal.timeout(10_000) });
        if (!confirmed.ok) throw new AppError('internal');
        request.log.info({ topic: message.TopicArn }, 'SNS subscription confirmed');
        return { ok: 1 as const, data: NOTHING };
      }
      if (message.Type !== 'Notification') return { ok: 1 as const, data: NOTHING };
      return { ok: 1 as const, data: await recordFeedback(sesEvents(message)) };
    },
  );

  app.post('/campaigns/webhooks/sendgrid', { schema: schema('SendGrid', 'Signed Event Webhook, ECDSA') }, async (request) => {
    if (!config.sendgridPublicKey) throw new AppError('request.not_found');
    const req = requestOf(request);
    if (!verifySendgrid(req, config.sendgridPublicKey)) throw new AppError('webhook.signature_invalid');
    return { ok: 1 as const, data: await recordFeedback(sendgridEvents(parseJson(req.rawBody))) };
  });

  app.post('/campaigns/webhooks/mailgun', { schema: schema('Mailgun', 'HMAC-SHA256 signature in the body') }, async (request) => {
    if (!config.mailgunSigningKey) throw new AppError('request.not_found');
    const body = parseJson(requestOf(request).rawBody);
    // 406 is what tells Mailgun not to try again (any other failure is retried for 8 hours). Its
    // signature does not cover the events: a token seen before is a replay, whatever it carries.
    if (!verifyMailgun(body, config.mailgunSigningKey)) throw new AppError('webhook.not_acceptable');
    const token = mailgunToken(body)!;
    if (!(await tokens.take('mailgun', token, MAILGUN_TOKEN_HOURS))) throw new AppError('webhook.not_acceptable');
    try {
      return { ok: 1 as const, data: await recordFeedback(mailgunEvents(body)) };
    } catch (error) {
      await tokens.release('mailgun', token);
      throw error;
    }
  });

  app.post('/campaigns/webhooks/postmark', { schema: schema('Postmark', 'HTTP basic auth in the webhook URL') }, async (request) => {
    if (!config.postmarkCredentials) throw new AppError('request.not_found');
    if (!verifyPostmark(request.headers, config.postmarkCredentials)) throw new AppError('webhook.signature_invalid');
    return { ok: 1 as const, data: await recordFeedback(postmarkEvents(parseJson(requestOf(request).rawBody))) };
  });
};
