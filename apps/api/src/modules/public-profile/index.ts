/** The public page of a card or tag (HTML, JSON, vCard) and its server-side rendering helpers. */
export type { PageProfile, PublicProfileService, TeamDirectoryLoader } from './service.js';
export type { TeamDirectory } from './page/directory.js';
export { createImageVariants, IMAGE_SIZES, imageVariantQuery, sendImageVariant } from './page/image-variants.js';
export { htmlLang, pageLocale } from './page/strings.js';
export { contactConsentText } from './page/form.js';
export { visitorFallbackLocale } from './public-view.js';
export { drawAfter, fontPreloads, html, raw, type SafeHtml } from './page/template.js';
