import type { Locale, PublicProfile, PublicWallPage } from '@enlaza/contracts';
import { storedCard, storedTag } from '../profiles/index.js';
import { teamOf, type ProfileRead } from './profile-reader.js';

/**
 * The language a card shows a visitor whose own is none of ours: its owner's chosen one, else
 * English. The app's own default (`jp`, for its screens) does not apply to visitors (PRODUCT.md §4).
 */
export const visitorFallbackLocale = (ownerChoice: Locale | null): Locale => ownerChoice ?? 'en';

/** A profile as its public page and JSON show it. */
export function toPublic(row: ProfileRead): PublicProfile {
  const { profile, owner } = row;
  const team = teamOf(row);
  // A team card's address is its team's: the same whoever holds it (printed QR codes and NFC tags keep working).
  const alias = team?.alias ?? owner.alias;
  const canonicalPath = `/link/${alias}/${profile.id}`;
  const tag = profile.kind === 'tag' ? storedTag(profile.name, profile.tag) : null;
  return {
    id: profile.id,
    kind: profile.kind,
    name: profile.name,
    alias,
    canonicalPath,
    vcardPath: `/api/public${canonicalPath}/vcard`,
    // The file id in the query makes a changed photo a new address (the images are cached for an hour).
    photoUrl: profile.photoFileId ? `/api/public${canonicalPath}/photo?v=${profile.photoFileId.slice(0, 8)}` : null,
    coverUrl: profile.coverFileId ? `/api/public${canonicalPath}/cover?v=${profile.coverFileId.slice(0, 8)}` : null,
    logoUrl: profile.logoFileId ? `/api/public${canonicalPath}/logo?v=${profile.logoFileId.slice(0, 8)}` : null,
    team: team ? { name: team.name, alias: team.alias } : null,
    theme: profile.theme,
    contactForm: profile.contactForm,
    // The owner's contact fields asked on the form are added by the service (the audience module's `contactFormFields` hook).
    formFields: [],
    wall: profile.wall,
    sectionOrder: profile.sectionOrder,
    card: profile.kind === 'card' ? storedCard(profile.name, profile.card) : null,
    tag: tag
      ? {
          name: tag.name,
          tagKind: tag.tagKind,
          description: tag.description,
          showOwnerContact: tag.showOwnerContact,
          lostMode: tag.lostMode,
          lostNote: tag.lostNote,
          reward: tag.reward,
          serial: tag.serial,
          // A finder calls it while the tag is lost; otherwise it stays private.
          phone: tag.lostMode ? tag.phone : null,
          ownerContact: tag.showOwnerContact ? { name: owner.name, email: owner.email, phone: owner.phone } : null,
        }
      : null,
  };
}

export type PageProfile = {
  profile: PublicProfile;
  /** The owner's account id (not shown: a lost tag's scan is told to them). */
  ownerId?: string;
  visibility: 'public' | 'unlisted' | 'private';
  /** The owner's chosen language, else English (see visitorFallbackLocale). */
  ownerLocale: Locale;
  cached?: boolean;
  /** Answered from the cache while the entry is reloaded in the background (it came due). */
  refreshing?: boolean;
  wall: PublicWallPage | null;
};
