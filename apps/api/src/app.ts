import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { loadAppSecret } from './lib/app-secret.js';
import { authPlugin } from './lib/auth.js';
import { csrfPlugin } from './lib/csrf.js';
import { errorHandlerPlugin, sendError } from './lib/error-handler.js';
import { AppError } from './lib/errors.js';
import { createMailer } from './lib/mailer.js';
import { createEventBus, type EventBus } from './platform/events.js';
import { createJobs, type Jobs } from './platform/jobs.js';
import { jobsRoutes } from './platform/jobs-routes.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { spaPlugin } from './lib/spa.js';
import { refuseDeepBodies, zodValidatorCompiler } from './lib/validation.js';
import { openApiOptions } from './platform/openapi.js';
import { compressionPlugin } from './platform/compression.js';
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
import { scheduleOrphanSweep } from './modules/cloud/orphan-sweep.js';
import { createStorage } from './lib/storage.js';
import { accountTypeRoutes, createAccountTypesRepository, createAccountTypesService } from './modules/catalogue/account-types.js';
import { collectionRoutes, createCollectionsService } from './modules/collections/module.js';
import { createNotifications, notificationRoutes, type StreamOptions } from './modules/notifications/index.js';
import { createMailboxRepository } from './modules/mailbox/repository.js';
import { contactFormRoutes, mailboxRoutes } from './modules/mailbox/routes.js';
import { createMailboxService } from './modules/mailbox/service.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { createDashboardService } from './modules/dashboard/service.js';
import { createOptionsRepository } from './modules/options/repository.js';
import { createProfilesRepository } from './modules/profiles/repository.js';
import { publicProfileRoutes } from './modules/public-profile/routes.js';
import { registerLoginPage } from './modules/login-page/routes.js';
import { registerPublicPage } from './modules/public-profile/page-routes.js';
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
import { createCloudTrash } from './modules/cloud/trash.js';
import { createMailboxTrash } from './modules/mailbox/trash.js';
import { createProfilesTrash } from './modules/profiles/trash.js';
import { createTrashRegistry, createTrashService, scheduleTrashPurge, trashRoutes } from './modules/trash/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue and the domain event bus (platform/), for the worker entry point and tests. */
    platform: { jobs: Jobs; events: EventBus };
  }
}

export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), display-capture=()';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Heartbeat, per-user cap… of the live notification streams (tests and the benchmark shorten them). */
  notificationStreams?: Partial<StreamOptions>;
};

/** Builds the app: external plugins → app plugins → routes. The caller owns the database. */
export async function buildApp({ config, database, logger = false, notificationStreams }: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // A URL whose percent-escapes are not UTF-8 gets the app's error shape, like any other bad request.
    frameworkErrors: (error, request, reply) => {
      void sendError(request, reply, new AppError(error.code === 'FST_ERR_BAD_URL' ? 'request.invalid_url' : 'request.invalid_body'));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', refuseDeepBodies);

  await app.register(errorHandlerPlugin);
  await app.register(compressionPlugin);
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
  // Powerful features the app never uses are off; geolocation only for this origin (the public page of a lost tag).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  await app.register(swagger, openApiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db } = database;
  const appSecret = await loadAppSecret(db, config.appSecret);
  await app.register(csrfPlugin, { secret: appSecret });

  const jobs = createJobs(database, { workers: config.workers, timeoutSeconds: config.jobTimeoutSeconds, pollingIntervalSeconds: config.nodeEnv === 'test' ? 0.5 : 2 }, app.log);
  const events = createEventBus(db, jobs);
  app.decorate('platform', { jobs, events });
  const mailer = createMailer(db, config, app.log, jobs);
  // Jobs start once every module has defined its own (the app is ready) and stop before the database closes.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await mailer.drain();
    await jobs.stop();
    mailer.close();
  });
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
  const profilesRepository = createProfilesRepository(db);
  const profiles = createProfilesService(profilesRepository, subscriptions, activity);
  const counters = createDailyCounters(db);
  app.addHook('onClose', () => counters.stop());
  const publicProfiles = createPublicProfileService(db, counters);
  const notifications = await createNotifications({ database, mailer, events, publicUrl: config.publicUrl, log: app.log, streamOptions: notificationStreams });
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', () => notifications.streams.stop());
  const mailboxRepository = createMailboxRepository(db);
  const mailbox = createMailboxService({ repo: mailboxRepository, profiles, publicProfiles, subscriptions, mailer, events, limiter, notifications: notifications.service });
  const storage = createStorage(config);
  await scheduleOrphanSweep(db, storage, jobs);
  const cloudRepository = createCloudRepository(db);
  const cloud = createCloudService({ repo: cloudRepository, storage, subscriptions, secret: appSecret, maxFileBytes: config.cloudMaxFileBytes, notifications: notifications.service, activity });
  const options = createOptionsService({ repo: createOptionsRepository(db), activity, registration, auth, limiter, files: cloud });
  const trashRegistry = createTrashRegistry();
  trashRegistry.register(...createProfilesTrash(profilesRepository, subscriptions), createMailboxTrash(mailboxRepository), createCloudTrash(cloudRepository, storage, subscriptions));
  const trash = createTrashService(trashRegistry, activity);
  await scheduleTrashPurge(trash, jobs);
  app.decorate('trash', trash);
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
      await api.register(jobsRoutes, { jobs });
      await api.register(accountTypeRoutes, { service: accountTypes });
      await api.register(profileRoutes, { profiles });
      for (const type of ['folders', 'labels'] as const) await api.register(collectionRoutes, { type, service: createCollectionsService(db, type) });
      await api.register(contactFormRoutes, { mailbox });
      await api.register(mailboxRoutes, { mailbox });
      await api.register(notificationRoutes, { notifications: notifications.service, streams: notifications.streams, auth });
      await api.register(dashboardRoutes, { dashboard: createDashboardService({ subscriptions, publicProfiles, mailbox }) });
      await api.register(publicProfileRoutes, { service: publicProfiles, publicUrl: config.publicUrl, images: cloud, secret: appSecret });
      await api.register(cloudRoutes, { cloud });
      await api.register(publicImageRoutes, { cloud, publicProfiles });
      await api.register(trashRoutes, { trash });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { webDist: config.webDist, countryLookupUrl: config.countryLookupUrl });
  registerLoginPage(app, { webDist: config.webDist, countryLookupUrl: config.countryLookupUrl });
  registerPublicPage(app, { service: publicProfiles, publicUrl: config.publicUrl, webDist: config.webDist, secret: appSecret });

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    return isPage ? app.sendSpa(request, reply) : sendError(request, reply, new AppError('request.not_found'));
  });

  return app;
}
