import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { loadAppSecret } from './lib/app-secret.js';
import { authPlugin } from './lib/auth.js';
import { csrfPlugin } from './lib/csrf.js';
import { errorHandlerPlugin, sendError } from './lib/error-handler.js';
import { AppError } from './lib/errors.js';
import { createMailer } from './lib/mailer.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { spaPlugin } from './lib/spa.js';
import { zodValidatorCompiler } from './lib/validation.js';
import { createAccountRepository } from './modules/account/repository.js';
import { createActivityRepository } from './modules/activity/repository.js';
import { activityRoutes } from './modules/activity/routes.js';
import { createActivityService } from './modules/activity/service.js';
import { createAdminRepository } from './modules/admin/repository.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createAdminService } from './modules/admin/service.js';
import { createCloudRepository } from './modules/cloud/repository.js';
import { cloudRoutes, publicImageRoutes } from './modules/cloud/routes.js';
import { createCloudService } from './modules/cloud/service.js';
import { createStorage } from './lib/storage.js';
import { accountTypeRoutes, createAccountTypesRepository, createAccountTypesService } from './modules/catalogue/account-types.js';
import { collectionRoutes, createCollectionsService } from './modules/collections/module.js';
import { createMailboxRepository } from './modules/mailbox/repository.js';
import { contactFormRoutes, mailboxRoutes } from './modules/mailbox/routes.js';
import { createMailboxService } from './modules/mailbox/service.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { createDashboardService } from './modules/dashboard/service.js';
import { createOptionsRepository } from './modules/options/repository.js';
import { createProfilesRepository } from './modules/profiles/repository.js';
import { publicProfileRoutes, registerPublicPage } from './modules/public-profile/routes.js';
import { createPublicProfileService } from './modules/public-profile/service.js';
import { publicProfileCacheInvalidation } from './modules/public-profile/cache-invalidation.js';
import { createDailyCounters } from './lib/daily-counters.js';
import { profileRoutes } from './modules/profiles/routes.js';
import { createProfilesService } from './modules/profiles/service.js';
import { optionsRoutes } from './modules/options/routes.js';
import { createOptionsService } from './modules/options/service.js';
import { createRegistrationRepository } from './modules/registration/repository.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { createRegistrationService } from './modules/registration/service.js';
import { accountRoutes } from './modules/account/routes.js';
import { createAccountService } from './modules/account/service.js';
import { createAuthRepository } from './modules/auth/repository.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createSubscriptionsRepository } from './modules/subscriptions/repository.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { createSubscriptionsService } from './modules/subscriptions/service.js';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
};

/** Builds the app: external plugins → app plugins → routes. The caller owns the database. */
export async function buildApp({ config, database, logger = false }: AppOptions) {
  const app = Fastify({ logger, trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false, bodyLimit: 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  const lookupOrigin = new URL(config.countryLookupUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", lookupOrigin],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Enlaza API', version: '0.1.0', description: 'Digital business cards, smart tags, mailbox, campaigns and billing.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db } = database;
  const appSecret = await loadAppSecret(db, config.appSecret);
  await app.register(csrfPlugin, { secret: appSecret });

  const mailer = createMailer(db, config, app.log);
  app.addHook('onClose', () => mailer.drain());
  const limiter = createRateLimiter(db);
  const activity = createActivityService(createActivityRepository(db));
  const auth = createAuthService(createAuthRepository(db), limiter, activity);
  // Sessions are cached per process; the database tells every process when a user or session changes.
  const authListener = await database.listen('enlaza_auth', (userId) => auth.forgetUser(userId), (live) => auth.sessionCache.setEnabled(live));
  auth.sessionCache.setEnabled(authListener.live());
  app.addHook('onClose', () => authListener.close());
  const registration = createRegistrationService({ repo: createRegistrationRepository(db), mailer, limiter, activity, auth, publicUrl: config.publicUrl });
  const subscriptions = createSubscriptionsService(createSubscriptionsRepository(db));
  const account = createAccountService({ repo: createAccountRepository(db), activity, mailer, registration, auth, limiter });
  const admin = createAdminService({ repo: createAdminRepository(db), activity, registration, auth });
  const accountTypes = createAccountTypesService(createAccountTypesRepository(db), activity);
  const profiles = createProfilesService(createProfilesRepository(db), subscriptions, activity);
  const counters = createDailyCounters(db);
  app.addHook('onClose', () => counters.stop());
  const publicProfiles = createPublicProfileService(db, counters);
  const mailbox = createMailboxService({ repo: createMailboxRepository(db), profiles, publicProfiles, subscriptions, mailer, limiter, publicUrl: config.publicUrl });
  const cloud = createCloudService({ repo: createCloudRepository(db), storage: createStorage(config), subscriptions, secret: appSecret, maxFileBytes: config.cloudMaxFileBytes, activity });
  const options = createOptionsService({ repo: createOptionsRepository(db), activity, registration, auth, limiter, files: cloud });
  await app.register(authPlugin, { auth });
  await publicProfileCacheInvalidation(app, database, publicProfiles);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: () => database.ping() });
      await api.register(authRoutes, { auth });
      await api.register(registrationRoutes, { registration });
      await api.register(subscriptionRoutes, { subscriptions });
      await api.register(accountRoutes, { account });
      await api.register(optionsRoutes, { options });
      await api.register(activityRoutes, { activity });
      await api.register(adminRoutes, { admin });
      await api.register(accountTypeRoutes, { service: accountTypes });
      await api.register(profileRoutes, { profiles });
      for (const type of ['folders', 'labels'] as const) await api.register(collectionRoutes, { type, service: createCollectionsService(db, type) });
      await api.register(contactFormRoutes, { mailbox });
      await api.register(mailboxRoutes, { mailbox });
      await api.register(dashboardRoutes, { dashboard: createDashboardService({ subscriptions, publicProfiles, mailbox }) });
      await api.register(publicProfileRoutes, { service: publicProfiles, publicUrl: config.publicUrl, images: cloud });
      await api.register(cloudRoutes, { cloud });
      await api.register(publicImageRoutes, { cloud, publicProfiles });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { webDist: config.webDist, countryLookupUrl: config.countryLookupUrl });
  registerPublicPage(app, publicProfiles, config.publicUrl);

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    return isPage ? app.sendSpa(request, reply) : sendError(request, reply, new AppError('request.not_found'));
  });

  return app;
}
