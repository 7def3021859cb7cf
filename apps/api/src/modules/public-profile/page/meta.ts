import type { PublicProfile } from '@enlaza/contracts';
import { escapeHtml } from '../../../lib/html.js';

/** OpenGraph and Twitter tags so a link pasted in a chat shows a preview; unlisted profiles are not indexed. */
export function openGraphTags(
  profile: PublicProfile,
  url: string,
  visibility: 'public' | 'unlisted' | 'private',
  publicUrl?: string,
): string {
  const description = profile.card
    ? [profile.card.jobTitle, profile.card.company].filter(Boolean).join(' · ') || (profile.card.bio ?? '')
    : (profile.tag?.description ?? '');
  // The wide cover suits a large preview best; the photo otherwise. Absolute, as crawlers require.
  const imagePath = profile.coverUrl ?? profile.photoUrl;
  const image = imagePath ? `${publicUrl ?? new URL(url).origin}${imagePath}` : null;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'profile'],
    ['property', 'og:title', profile.name],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:site_name', 'Enlaza'],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', profile.name],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (image) tags.push(['property', 'og:image', image], ['name', 'twitter:image', image], ['property', 'og:image:alt', profile.name]);
  const head = tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`);
  head.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  if (visibility === 'unlisted') head.push('<meta name="robots" content="noindex">');
  return head.join('\n    ');
}
