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
import { jobsModule } from './platform/jobs-routes.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { spaPlugin } from './lib/spa.js';
import { refuseDeepBodies, zodValidatorCompiler } from './lib/validation.js';
import { openApiOptions } from './platform/openapi.js';
import { compressionPlugin } from './platform/compression.js';
import { securityHeaders } from './platform/security-headers.js';
import {
  accountModule,
  createAccountDirectory,
  createAccountRepository,
  createAccountService,
  createAccountUserData,
  createRegistrationRepository,
  createSessionsRepository,
} from './modules/account/index.js';
import { activityModule, createActivityRepository, createActivityService, createActivityUserData } from './modules/activity/index.js';
import { adminModule, createAdminRepository, createAdminService } from './modules/admin/index.js';
import { audienceModule, createAudienceUserData, createContactListsUserData } from './modules/audience/index.js';
import { authModule, createAuthService } from './modules/auth/index.js';
import { campaignsModule, createCampaigns, createCampaignsUserData } from './modules/campaigns/index.js';
import { catalogueModule, createAccountTypesRepository, createAccountTypesService } from './modules/catalogue/index.js';
import {
  cloudModule,
  createCloudRepository,
  createCloudService,
  createCloudTrash,
  createCloudUsage,
  createCloudUserData,
  scheduleOrphanSweep,
} from './modules/cloud/index.js';
import { collectionsModule } from './modules/collections/index.js';
import { communicationsModule } from './modules/communications/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { healthModule } from './modules/health/index.js';
import {
  createInvoiceIssuer,
  createInvoiceQueries,
  createInvoices,
  createInvoicesUserData,
  invoicesModule,
} from './modules/invoices/index.js';
import { registerLoginPage } from './modules/login-page/index.js';
import {
  createMailboxRepository,
  createMailboxService,
  createMailboxTrash,
  createMailboxUserData,
  mailboxModule,
} from './modules/mailbox/index.js';
import {
  createNotifications,
  createNotificationsUserData,
  notificationsModule,
  type StreamOptions,
} from './modules/notifications/index.js';
import { createOptionsService, optionsModule } from './modules/options/index.js';
import { createPaymentQueries, createPayments, createPaymentsUserData, paymentsModule } from './modules/payments/index.js';
import {
  createProfilesRepository,
  createProfilesService,
  createProfilesTrash,
  createProfilesUsage,
  createProfilesUserData,
  profilesModule,
} from './modules/profiles/index.js';
import {
  createPublicProfileService,
  publicProfileCacheInvalidation,
  publicProfileModule,
  registerPublicPage,
} from './modules/public-profile/index.js';
import { createRegistrationService, registrationModule } from './modules/registration/index.js';
import {
  createAdminSubscriptionsRepository,
  createAdminSubscriptionsService,
  createSubscriptionsRepository,
  createSubscriptionsService,
  createSubscriptionsUserData,
  subscriptionsModule,
} from './modules/subscriptions/index.js';
import { adminMetricsModule, createAdminMetrics } from './modules/admin-metrics/index.js';
import { createRenewals, kickRenewals, renewalsModule } from './modules/renewals/index.js';
import { createClock, type Clock } from './platform/clock.js';
import { createTemplates, createTemplatesUserData, templatesModule } from './modules/templates/index.js';
import { createTrashRegistry, createTrashService, scheduleTrashPurge, trashModule } from './modules/trash/index.js';
import { createWalls, createWallsUserData, wallsModule } from './modules/walls/index.js';
import { createStorage } from './lib/storage.js';
import { createDailyCounters } from './lib/daily-counters.js';
import { createUsageRegistry } from './platform/usage-registry.js';
import { createSendsUsage } from './lib/mailer-usage.js';
import { createUserDataRegistry } from './platform/user-data-registry.js';
import { createDeliveriesUserData } from './lib/mailer-user-data.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue and the domain event bus (platform/), for the worker entry point and tests. */
    platform: { jobs: Jobs; events: EventBus; clock: Clock };
  }
}

export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), display-capture=()';

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
  const headers = securityHeaders({
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
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  await app.register(swagger, openApiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db } = database;
  const appSecret = await loadAppSecret(db, config.appSecret);
  await app.register(csrfPlugin, { secret: appSecret });

  const jobs = createJobs(
    database,
    { workers: config.workers, timeoutSeconds: config.jobTimeoutSeconds, pollingIntervalSeconds: config.nodeEnv === 'test' ? 0.5 : 2 },
    app.log,
  );
  const events = createEventBus(db, jobs);
  const clock = await createClock(database, config.testClockEnabled);
  app.addHook('onClose', () => clock.close());
  app.decorate('platform', { jobs, events, clock });
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
  const auth = createAuthService(createSessionsRepository(db), limiter, activity);
  // Sessions are cached per process; the database tells every process when a user or session changes.
  const authListener = await database.listen(
    'enlaza_auth',
    (userId) => auth.forgetUser(userId),
    (live) => auth.sessionCache.setEnabled(live),
  );
  auth.sessionCache.setEnabled(authListener.live());
  app.addHook('onClose', () => authListener.close());
  const registration = createRegistrationService({
    repo: createRegistrationRepository(db),
    mailer,
    limiter,
    activity,
    auth,
    publicUrl: config.publicUrl,
  });
  const usage = createUsageRegistry();
  const subscriptions = createSubscriptionsService(createSubscriptionsRepository(db), usage, () => clock.now());
  const accounts = createAccountDirectory(db);
  const account = createAccountService({ repo: createAccountRepository(db), accounts, activity, mailer, registration, auth, limiter });
  const admin = createAdminService({ repo: createAdminRepository(db), activity, registration, auth });
  const accountTypes = createAccountTypesService(createAccountTypesRepository(db), activity);
  const profilesRepository = createProfilesRepository(db);
  const profiles = createProfilesService(profilesRepository, subscriptions, accounts, activity);
  const counters = createDailyCounters(db);
  app.addHook('onClose', () => counters.stop());
  const publicProfiles = createPublicProfileService(db, counters);
  const notifications = await createNotifications({
    database,
    mailer,
    events,
    publicUrl: config.publicUrl,
    log: app.log,
    streamOptions: notificationStreams,
  });
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', () => notifications.streams.stop());
  const mailboxRepository = createMailboxRepository(db);
  const mailbox = createMailboxService({
    repo: mailboxRepository,
    profiles,
    publicProfiles,
    subscriptions,
    mailer,
    events,
    limiter,
    notifications: notifications.service,
    accounts,
    perAddressLimit: config.contactLimitPerAddress,
  });
  const storage = createStorage(config);
  await scheduleOrphanSweep(db, storage, jobs);
  const cloudRepository = createCloudRepository(db);
  const cloud = createCloudService({
    repo: cloudRepository,
    storage,
    subscriptions,
    secret: appSecret,
    maxFileBytes: config.cloudMaxFileBytes,
    notifications: notifications.service,
    activity,
  });
  usage.register(createProfilesUsage(profilesRepository), createCloudUsage(cloudRepository), createSendsUsage(db));
  const userData = createUserDataRegistry(db);
  userData.register(
    createAccountUserData(db),
    createProfilesUserData(db),
    createMailboxUserData(db),
    createCloudUserData(db, storage),
    createSubscriptionsUserData(db),
    createDeliveriesUserData(db),
    createActivityUserData(db),
    createNotificationsUserData(db),
    createTemplatesUserData(db),
    createAudienceUserData(db),
    createWallsUserData(db),
    createCampaignsUserData(db),
    createContactListsUserData(db),
    createPaymentsUserData(db),
    createInvoicesUserData(db),
  );
  app.decorate('userData', userData);
  const options = createOptionsService({ accounts, activity, registration, auth, limiter, userData });
  const walls = await createWalls({
    db,
    jobs,
    log: app.log,
    ownsProfile: async (userId, id) => Boolean(await profilesRepository.find(userId, id)),
    ownsImage: (userId, id) => cloud.isLiveImage(userId, id),
    imageSize: (userId, id) => cloud.imageSize(userId, id),
  });
  publicProfiles.useWall((profileId, canonicalPath, before) => walls.service.publicPage(profileId, canonicalPath, before));
  const templates = createTemplates({
    db,
    mailer,
    publicUrl: config.publicUrl,
    sendQuota: (actor) => subscriptions.sendQuota(actor),
    sendsChanged: (userId, usage) => notifications.service.usageChanged(userId, 'sends', usage),
  });
  const campaigns = await createCampaigns({
    database,
    config,
    jobs,
    events,
    subscriptions,
    notifications: notifications.service,
    secret: appSecret,
    log: app.log,
  });
  app.addHook('onClose', () => campaigns.close());
  const trashRegistry = createTrashRegistry();
  trashRegistry.register(
    ...createProfilesTrash(profilesRepository, subscriptions),
    createMailboxTrash(mailboxRepository),
    createCloudTrash(cloudRepository, storage, subscriptions),
    walls.trash,
    templates.trash,
    campaigns.trash,
  );
  const trash = createTrashService(trashRegistry, activity);
  await scheduleTrashPurge(trash, jobs);
  app.decorate('trash', trash);
  const invoiceIssuer = createInvoiceIssuer({ db, events, seller: config.seller });
  app.decorate('invoiceIssuer', invoiceIssuer);
  const payments = createPayments({
    db,
    provider: config.paymentProvider,
    notifications: notifications.service,
    subscriptionData: (user, now, locale) => subscriptions.subscriptionData(user, now, locale),
    issueInvoice: invoiceIssuer.issueInvoice,
    chargedBeforeTax: invoiceIssuer.chargedBeforeTax,
    now: () => clock.now(),
  });
  app.decorate('payments', payments);
  const invoices = await createInvoices({
    db,
    events,
    notifications: notifications.service,
    payments,
    issuer: invoiceIssuer,
    pdf: { font: config.invoicePdfFont, qrHost: config.invoiceQrHost },
  });
  const paymentQueries = createPaymentQueries(db);
  const invoiceQueries = createInvoiceQueries(db);
  const adminSubscriptions = createAdminSubscriptionsService({
    db,
    repo: createAdminSubscriptionsRepository(db),
    activity,
    billing: { paymentsOf: (id) => paymentQueries.ofSubscription(id), invoicesOf: (ids) => invoiceQueries.ofPayments(ids) },
  });
  const adminMetrics = createAdminMetrics(
    db,
    { latestPayments: (limit) => paymentQueries.latest(limit), revenueByMonth: (from, now) => invoiceQueries.revenueByMonth(from, now) },
    () => clock.now(),
  );
  const renewals = await createRenewals({
    database,
    jobs,
    clock,
    payments,
    notifications: notifications.service,
    log: app.log,
    leaseSeconds: config.jobTimeoutSeconds,
  });
  app.decorate('renewals', renewals);
  app.addHook('onReady', () => kickRenewals(jobs));
  await app.register(authPlugin, { auth });
  await publicProfileCacheInvalidation(app, database, publicProfiles);

  // Every service, built once above; each module takes what it needs from it.
  const services = {
    database,
    db,
    config,
    appSecret,
    jobs,
    auth,
    registration,
    subscriptions,
    account,
    options,
    activity,
    admin,
    accountTypes,
    profiles,
    mailbox,
    notifications,
    publicProfiles,
    cloud,
    trash,
    payments,
    invoices,
    walls,
    templates,
    campaigns,
    clock,
    renewals,
    adminSubscriptions,
    adminMetrics,
  };
  // The API, one module after another (the order is the order routes and hooks are added).
  const modules = [
    healthModule,
    authModule,
    registrationModule,
    subscriptionsModule,
    accountModule,
    optionsModule,
    activityModule,
    adminModule,
    jobsModule,
    renewalsModule,
    catalogueModule,
    profilesModule,
    collectionsModule,
    mailboxModule,
    notificationsModule,
    dashboardModule,
    publicProfileModule,
    cloudModule,
    trashModule,
    audienceModule,
    communicationsModule,
    paymentsModule,
    invoicesModule,
    adminMetricsModule,
    wallsModule,
    templatesModule,
    campaignsModule,
  ];
  await app.register(
    async (api) => {
      for (const module of modules) await module.register(api, services);
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { webDist: config.webDist, countryLookupUrl: config.countryLookupUrl });
  registerLoginPage(app, {
    webDist: config.webDist,
    countryLookupUrl: config.countryLookupUrl,
    publicUrl: config.publicUrl,
    accountTypes: (locale) => registration.accountTypes(locale),
  });
  campaigns.page(app);
  registerPublicPage(app, {
    service: publicProfiles,
    publicUrl: config.publicUrl,
    webDist: config.webDist,
    secret: appSecret,
    pageCacheBytes: config.publicPageCacheBytes,
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    return isPage ? app.sendSpa(request, reply) : sendError(request, reply, new AppError('request.not_found'));
  });

  return app;
}
