import type { ContactMessageBody, Locale } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { addressKey, type RateLimiter } from '../../lib/rate-limit.js';
import type { EventBus } from '../../platform/events.js';
import type { ConsentRecorder } from '../../platform/consent-recorder.js';
import { contactConsentText, pageLocale, visitorFallbackLocale, type PublicProfileService } from '../public-profile/index.js';
import { publicProfileLink } from '../../lib/public-links.js';
import type { MailboxRepository } from './repository.js';

const MINUTE = 60_000;
/** Contact-form messages allowed per sender address (IPv6 by /64) and per profile. */
export const CONTACT_LIMITS = { perAddress: { max: 5, windowMs: 10 * MINUTE }, perProfile: { max: 50, windowMs: 60 * MINUTE } } as const;

type ContactFormDeps = {
  repo: MailboxRepository;
  publicProfiles: PublicProfileService;
  events: EventBus;
  limiter: RateLimiter;
  perAddressLimit: number;
  /** Records a ticked consent with its proof, and asks for its confirmation when the owner wants one. */
  consents: ConsentRecorder;
  formAnswers: FormAnswers;
  publicUrl: string;
};

/**
 * The owner's contact fields answered on the form (the audience module's `contactFields.fromForm`):
 * read before anything is stored, kept in the message's transaction when the visitor consented.
 */
export type FormAnswers = (
  ownerId: string,
  answers: Record<string, string>,
) => Promise<{ keep: (tx: Transaction, email: string) => Promise<void> }>;

/**
 * A visitor's message through the public contact form. A filled honeypot answers like a success
 * and stores nothing, so a bot learns nothing; the owner's email notice goes in the background.
 */
export function createContactForm({
  repo,
  publicProfiles,
  events,
  limiter,
  perAddressLimit,
  consents,
  formAnswers,
  publicUrl,
}: ContactFormDeps) {
  return async function submit(
    alias: string,
    profileId: string,
    input: ContactMessageBody,
    origin: { address: string | null; locale: Locale; acceptLanguage?: string | undefined },
  ): Promise<{ confirmation: boolean }> {
    const target = await publicProfiles.contactTarget(alias, profileId);
    if (!target.contactForm) throw new AppError('mailbox.contact_form_off');
    if (input.location && target.kind !== 'tag')
      throw new AppError('validation.failed', {}, { location: [{ code: 'validation.location_tags_only' }] });
    // One address first, so a single sender cannot use up the profile's allowance with refused attempts.
    await limiter.hit([{ key: `contact-address:${addressKey(origin.address ?? '')}`, ...CONTACT_LIMITS.perAddress, max: perAddressLimit }]);
    await limiter.hit([{ key: `contact-profile:${target.profileId}`, ...CONTACT_LIMITS.perProfile }]);
    // A filled honeypot gets the answer a person would (a confirmation asked for when they ticked consent).
    if (input.website?.trim()) return { confirmation: input.consent && (await consents.asksConfirmation(target.userId)) };

    // Answers that do not fit their field are refused before anything is stored (422 naming the field).
    const answers = await formAnswers(target.userId, input.fields ?? {});

    // Announced after commit to the subscribers of `message.received` (the owner's notification and its email),
    // and of `location.shared` when the visitor gave it (webhooks); `contact.consented` when the consent
    // counts (at once, or once confirmed by email: audience/consents.ts). The message is delivered whatever the consent.
    let confirmation = false;
    await repo.insert(
      {
        profileId: target.profileId,
        userId: target.userId,
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        body: input.message,
        consent: input.consent,
        location: input.location,
        lostMode: target.lostMode,
        locale: origin.locale,
      },
      async (row, tx) => {
        await events.publish(
          'message.received',
          {
            messageId: row.id,
            profileId: row.profileId,
            userId: row.userId,
            profileName: target.name,
            profileKind: target.kind,
            lostMode: target.lostMode,
            senderName: row.name,
            senderEmail: row.email,
            excerpt: row.body.length > 600 ? `${row.body.slice(0, 600)}…` : row.body,
          },
          tx,
        );
        const ids = { messageId: row.id, profileId: row.profileId, userId: row.userId };
        // The consent box's words in the language the page showed them in (the confirmation email's too).
        const shownIn = pageLocale(origin.acceptLanguage, visitorFallbackLocale(target.owner.locale));
        // The contact fields' answers are kept for the owner's audience, with the consent only.
        if (row.consent) await answers.keep(tx, row.email);
        if (row.consent)
          ({ confirmation } = await consents.fromForm(
            tx,
            {
              userId: row.userId,
              email: row.email,
              source: 'form',
              messageId: row.id,
              origin: publicProfileLink(publicUrl, alias, target.profileId),
              text: contactConsentText(target.kind, target.name, shownIn),
              locale: shownIn,
            },
            target.owner.name,
          ));
        if (row.location)
          await events.publish(
            'location.shared',
            { ...ids, lat: row.location.lat, lng: row.location.lng, accuracy: row.location.accuracy },
            tx,
          );
      },
    );
    return { confirmation };
  };
}
