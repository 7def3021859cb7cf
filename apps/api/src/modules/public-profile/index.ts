/** The public page of a card or tag (HTML, JSON, vCard) and its server-side rendering helpers. */
import { defineModule } from '../../platform/module.js';
import type { Config } from '../../config.js';
import { publicProfileRoutes, type ImageReader } from './routes.js';
import type { PublicProfileService } from './service.js';
export { publicProfileRoutes };
export { registerPublicPage } from './page-routes.js';
export { createPublicProfileService, type PageProfile, type PublicProfileService } from './service.js';
export { publicProfileCacheInvalidation } from './cache-invalidation.js';
export { createImageVariants, IMAGE_SIZES, imageVariantQuery, sendImageVariant } from './page/image-variants.js';
export { htmlLang, pageLocale } from './page/strings.js';
export { html, raw, type SafeHtml } from './page/template.js';

export const publicProfileModule = defineModule({
  name: 'public-profile',
  async register(
    api,
    {
      publicProfiles,
      config,
      cloud,
      appSecret,
    }: { publicProfiles: PublicProfileService; config: Config; cloud: ImageReader; appSecret: string },
  ) {
    await api.register(publicProfileRoutes, { service: publicProfiles, publicUrl: config.publicUrl, images: cloud, secret: appSecret });
  },
});
