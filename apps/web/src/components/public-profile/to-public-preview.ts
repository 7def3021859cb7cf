import type { Profile, PublicProfile } from '@enlaza/contracts';

export interface PublicPreviewOptions {
  /** The owner's current alias (the first part of the public address). */
  alias: string;
  photoUrl: string | null;
  coverUrl: string | null;
  /** What a tag shows as its owner's contact when `showOwnerContact` is on (the API fills it from the account). */
  ownerContact?: { name: string; email: string; phone: string | null } | null;
}

/**
 * The owner's profile as visitors would see it, for previews while editing: the same shape as
 * `GET /api/public/link/{alias}/{profileId}` answers (the tag's serial stays private).
 */
export function profileToPublicPreview(profile: Profile, { alias, photoUrl, coverUrl, ownerContact = null }: PublicPreviewOptions): PublicProfile {
  const canonicalPath = `/link/${alias}/${profile.id}`;
  let tag: PublicProfile['tag'] = null;
  if (profile.kind === 'tag' && profile.tag) {
    const { serial: _serial, ...shown } = profile.tag;
    tag = { ...shown, ownerContact: shown.showOwnerContact ? ownerContact : null };
  }
  return {
    id: profile.id,
    kind: profile.kind,
    name: profile.name,
    alias,
    canonicalPath,
    vcardPath: `/api/public${canonicalPath}/vcard`,
    photoUrl,
    coverUrl,
    theme: profile.theme,
    contactForm: profile.contactForm,
    wall: profile.wall,
    card: profile.kind === 'card' ? profile.card : null,
    tag,
  };
}
