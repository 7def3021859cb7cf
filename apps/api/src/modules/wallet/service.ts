import type { Locale, WalletAvailability } from '@enlaza/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { hmac, safeEqual } from '../../lib/crypto.js';
import type { Actor } from '../../platform/actor.js';
import type { RequireAccess } from '../../platform/access.js';
import type { CloudService } from '../cloud/index.js';
import type { PublicProfileService } from '../public-profile/index.js';
import type { FastifyBaseLogger } from 'fastify';
import { createGoogleSaver } from './google.js';
import { buildPkpass, createPassSigner, type PassCard } from './pkpass.js';
import { createPassUpdates } from './updates.js';

/** The pass's few labels, in the card owner's language. */
const LABELS: Record<Locale, PassCard['labels']> = {
  en: { title: 'Title', company: 'Company', link: 'Card' },
  es: { title: 'Cargo', company: 'Empresa', link: 'Tarjeta' },
  jp: { title: '役職', company: '会社', link: '名刺' },
};

/** Photos up to this size go into the pass (larger ones: the plain mark). */
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export function createWalletService(deps: {
  db: Database;
  config: Pick<Config, 'wallet' | 'publicUrl'>;
  appSecret: string;
  requireAccess: RequireAccess;
  publicProfiles: PublicProfileService;
  images: Pick<CloudService, 'imageBytes'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, config, appSecret, requireAccess, publicProfiles, images, log } = deps;
  const signer = config.wallet.apple ? createPassSigner(config.wallet.apple) : null;
  /** The pass's authenticationToken: derived from the card's id with the app's secret, so nothing secret is stored. */
  const authenticationToken = (serial: string) => hmac(appSecret, `wallet-pass:${serial}`);
  const tokenMatches = (serial: string, authorization: string | undefined) => {
    const match = /^ApplePass\s+(\S+)$/.exec(authorization ?? '');
    return Boolean(match && safeEqual(match[1]!, authenticationToken(serial)));
  };

  const updates = createPassUpdates({
    db,
    apple: config.wallet.apple,
    log,
    tokenMatches,
    cardShared: async (serial) => {
      const found = await publicProfiles.walletCard(serial);
      return Boolean(found && found.visibility !== 'private');
    },
  });
  const google = config.wallet.google ? createGoogleSaver(config.wallet.google, config.publicUrl) : null;
  // Apple's devices talk to https services only; a site on plain http gives passes that never update.
  const webServiceURL = config.publicUrl.startsWith('https://') ? `${config.publicUrl}/wallet` : null;

  async function passCard(profileId: string): Promise<{ card: PassCard; locale: Locale } | null> {
    const found = await publicProfiles.walletCard(profileId);
    if (!found) return null;
    const { profile, ownerLocale } = found;
    const photo = found.photoFileId ? await images.imageBytes(found.userId, found.photoFileId, PHOTO_MAX_BYTES) : null;
    return {
      locale: ownerLocale,
      card: {
        serialNumber: profile.id,
        name: profile.name,
        jobTitle: profile.card?.jobTitle || null,
        company: profile.card?.company || null,
        url: `${config.publicUrl}${profile.canonicalPath}`,
        color: profile.theme.color,
        photo: photo?.data ?? null,
        labels: LABELS[ownerLocale],
      },
    };
  }

  async function applePass(profileId: string): Promise<{ pass: Buffer; updatedAt: Date; name: string } | null> {
    if (!signer) throw new AppError('wallet.not_configured');
    const found = await passCard(profileId);
    if (!found) return null;
    const row = await updates.passRow(profileId, signer.passTypeId);
    const pass = await buildPkpass(found.card, signer, { authenticationToken: authenticationToken(profileId), webServiceURL });
    return { pass, updatedAt: row.updatedAt, name: found.card.name };
  }

  async function googleLink(profileId: string): Promise<{ url: string } | null> {
    if (!google) throw new AppError('wallet.not_configured');
    const found = await passCard(profileId);
    return found ? { url: google.saveUrl(found.card, found.locale) } : null;
  }

  /** A card at its public address, as its page shows it (not private, not deleted); else profile.not_available. */
  async function publicCard(alias: string, profileId: string): Promise<string> {
    const found = await publicProfiles.peek(alias, profileId);
    if (!found || found.profile.kind !== 'card') throw new AppError('profile.not_available');
    return found.profile.id;
  }

  const orNotAvailable = <T>(value: T | null): T => {
    if (value === null) throw new AppError('profile.not_available');
    return value;
  };

  return {
    availability: (): WalletAvailability => ({ apple: Boolean(signer), google: Boolean(google) }),

    /** The owner's card as an Apple Wallet pass (another user's card: 404). */
    async ownerApplePass(actor: Actor, profileId: string) {
      if (!signer) throw new AppError('wallet.not_configured');
      await requireAccess(actor, 'card', profileId);
      return orNotAvailable(await applePass(profileId));
    },

    async ownerGoogleLink(actor: Actor, profileId: string) {
      if (!google) throw new AppError('wallet.not_configured');
      await requireAccess(actor, 'card', profileId);
      return orNotAvailable(await googleLink(profileId));
    },

    async publicApplePass(alias: string, profileId: string) {
      if (!signer) throw new AppError('wallet.not_configured');
      return orNotAvailable(await applePass(await publicCard(alias, profileId)));
    },

    async publicGoogleLink(alias: string, profileId: string) {
      if (!google) throw new AppError('wallet.not_configured');
      return orNotAvailable(await googleLink(await publicCard(alias, profileId)));
    },

    /** Apple's web service is there only with Apple passes configured. */
    webService: signer ? { passTypeId: signer.passTypeId } : null,
    register: updates.register,
    unregister: updates.unregister,
    updatedSerials: updates.updatedSerials,
    cardChanged: updates.cardChanged,
    ownerChanged: updates.ownerChanged,
    close: updates.close,

    /**
     * The latest pass for a device holding it (null: the card is trashed or private). `modifiedSince` (If-Modified-Since,
     * ms) is answered before the pass is built: a device asking for an unchanged pass costs one read,
     * not a photo's bytes and a signature.
     */
    async latestPass(passTypeId: string, serial: string, authorization: string | undefined, modifiedSince: number | null) {
      if (!updates.authorized(passTypeId, serial, authorization)) return 'unauthorized' as const;
      if (!(await updates.cardShared(serial))) return null;
      if (modifiedSince !== null && (await updates.unchangedSince(serial, modifiedSince))) return 'not_modified' as const;
      return applePass(serial);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
