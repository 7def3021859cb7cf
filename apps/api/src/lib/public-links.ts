/**
 * The owner's short public link, `{PUBLIC_URL}/link/{alias}`: it opens their main card (and an old
 * alias still leads there). `{{perfil_url}}` is this one address in the template preview, the test
 * email and every campaign email alike, so what the owner checks is what their recipients get.
 */
export const shortProfileLink = (publicUrl: string, alias: string): string => `${publicUrl}/link/${encodeURIComponent(alias)}`;

/** A card's or tag's own public page, `{PUBLIC_URL}/link/{alias}/{profileId}`. */
export const publicProfileLink = (publicUrl: string, alias: string, profileId: string): string =>
  `${shortProfileLink(publicUrl, alias)}/${encodeURIComponent(profileId)}`;
