import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { isSpaRoute } from '@enlaza/contracts';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { loadAppSecret } from './lib/app-secret.js';
import { csrfPlugin } from './lib/csrf.js';
import { errorHandlerPlugin, sendError } from './lib/error-handler.js';
import { AppError } from './lib/errors.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { spaPlugin } from './lib/spa.js';
import { createStorage } from './lib/storage.js';
import { refuseDeepBodies, zodValidatorCompiler } from './lib/validation.js';
import { createClock, type Clock } from './platform/clock.js';
import { compressionPlugin } from './platform/compression.js';
import { namePluginsByFunction } from './platform/plugin-names.js';
import { createEventBus, type EventBus } from './platform/events.js';
import { createAccessRegistry } from './platform/access.js';
import { createFileUseRegistry } from './platform/file-use-registry.js';
import { createForegroundGauge } from './platform/foreground.js';
import { createJobs, type Jobs } from './platform/jobs.js';
import { jobsModule } from './platform/jobs-routes.js';
import { setUpMetrics } from './platform/metrics.js';
import { mountModules, type AppModule } from './platform/modules.js';
import { openApiOptions } from './platform/openapi.js';
import { redsysUrls } from './modules/payments/index.js';
import { appSecurityHeaders } from './platform/security-headers.js';
import { createTrashRegistry } from './platform/trash-registry.js';
import { createUsageRegistry } from './platform/usage-registry.js';
import { createUserDataRegistry } from './platform/user-data-registry.js';
import { accountModule } from './modules/account/module.js';
import { activityModule } from './modules/activity/module.js';
import { adminMetricsModule } from './modules/admin-metrics/module.js';
import { adminModule } from './modules/admin/module.js';
import { audienceModule, registerConfirmationPage } from './modules/audience/module.js';
import { authModule } from './modules/auth/module.js';
import { campaignsModule, registerUnsubscribePage } from './modules/campaigns/module.js';
import { automationsModule } from './modules/automations/module.js';
import { catalogueModule } from './modules/catalogue/module.js';
import { cloudModule } from './modules/cloud/module.js';
import { collectionsModule } from './modules/collections/module.js';
import { communicationsModule, createMailer } from './modules/communications/module.js';
import { dashboardModule } from './modules/dashboard/module.js';
import { healthModule } from './modules/health/module.js';
import { invoiceIssuerModule, invoicesModule } from './modules/invoices/module.js';
import { registerLoginPage } from './modules/login-page/module.js';
import { mailboxModule } from './modules/mailbox/module.js';
import { crmModule } from './modules/crm/module.js';
import { notificationsModule, type StreamOptions } from './modules/notifications/module.js';
import { onboardingModule } from './modules/onboarding/module.js';
import { optionsModule } from './modules/options/module.js';
import { passkeysModule } from './modules/passkeys/module.js';
import { paymentsModule } from './modules/payments/module.js';
import { profilesModule } from './modules/profiles/module.js';
import { publicProfileModule, registerPublicPage } from './modules/public-profile/module.js';
import { reauthenticationModule } from './modules/reauthentication/module.js';
import { registrationModule } from './modules/registration/module.js';
import { renewalsModule } from './modules/renewals/module.js';
import { adminSubscriptionsModule, subscriptionsModule } from './modules/subscriptions/module.js';
import { teamsModule } from './modules/teams/module.js';
import { scimModule } from './modules/scim/module.js';
import { templatesModule } from './modules/templates/module.js';
import { trashModule } from './modules/trash/module.js';
import { wallsModule } from './modules/walls/module.js';
import { registerWalletWebService, walletModule } from './modules/wallet/module.js';
import { webhooksModule } from './modules/webhooks/module.js';
import { smtpRelaysModule } from './modules/smtp-relays/module.js';
import { sendingDomainsModule } from './modules/sending-domains/module.js';
import { createDomainKeyReader } from './modules/sending-domains/index.js';
import { customDomainsModule } from './modules/custom-domains/module.js';
import { ssoModule } from './modules/sso/module.js';
import { registerCustomDomainHosts } from './modules/custom-domains/index.js';
import { countryLookupModule } from './modules/country-lookup/module.js';
import { couponsModule } from './modules/coupons/module.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue and the domain event bus (platform/), for the worker entry point and tests. */
    platform: {
      jobs: Jobs;
      events: EventBus;
      clock: Clock;
      background: { drain(): Promise<void> };
      /** Where `GET /metrics` listens once the app is ready; null when METRICS_PORT is unset. */
      metrics: { url(): string | null };
    };
  }
}

export { PERMISSIONS_POLICY } from './platform/security-headers.js';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Heartbeat, per-user cap… of the live notification streams (tests and the benchmark shorten them). */
  notificationStreams?: Partial<StreamOptions>;
  /** HTTP to the outside world (Platform.fetch); the global fetch unless a test hands in its own. */
  fetch?: typeof fetch;
};

/**
 * The modules in dependency order: each is built seeing the services of those before it, and its
 * hooks and routes are added in this order. A module needing one built after it names a hook
 * (`needs`), which a later one `provides`: start-up stops when a needed hook has no provider.
 */
export function appModules(notificationStreams?: Partial<StreamOptions>): AppModule[] {
  return [
    healthModule,
    countryLookupModule,
    activityModule,
    authModule,
    passkeysModule,
    reauthenticationModule,
    registrationModule,
    subscriptionsModule,
    accountModule,
    optionsModule,
    adminModule,
    jobsModule,
    catalogueModule,
    profilesModule,
    collectionsModule,
    cloudModule,
    wallsModule,
    publicProfileModule,
    notificationsModule(notificationStreams),
    audienceModule,
    mailboxModule,
    templatesModule,
    smtpRelaysModule,
    sendingDomainsModule,
    campaignsModule,
    automationsModule,
    dashboardModule,
    onboardingModule,
    trashModule,
    communicationsModule,
    invoiceIssuerModule,
    couponsModule,
    paymentsModule,
    invoicesModule,
    adminSubscriptionsModule,
    adminMetricsModule,
    renewalsModule,
    walletModule,
    webhooksModule,
    teamsModule,
    scimModule,
    ssoModule,
    customDomainsModule,
    crmModule,
  ];
}

/** Builds the app: external plugins → platform → the modules, in order → the pages. The caller owns the database. */
export async function buildApp({ config, database, logger = false, notificationStreams, fetch: outboundFetch = fetch }: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // A URL whose percent-escapes are not UTF-8 gets the app's error shape, like any other bad request.
    frameworkErrors: (error, request, reply) => {
      void sendError(request, reply, new AppError(error.code === 'FST_ERR_BAD_URL' ? 'request.invalid_url' : 'request.invalid_body'));
    },
  }).withTypeProvider<ZodTypeProvider>();
  namePluginsByFunction(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', refuseDeepBodies);
  // The root's hook counts every answer, of the plugins' routes (the documentation) and the modules'.
  const { metrics, url: metricsUrl } = setUpMetrics(app, config.metrics, database);

  await app.register(errorHandlerPlugin);
  await app.register(compressionPlugin);
  const headers = appSecurityHeaders(
    config.countryLookupUrl,
    config.paymentProvider,
    config.redsys ? redsysUrls(config.redsys).redirect : undefined,
  );
  // How busy requests keep this process: jobs that give way to them (webhook deliveries) read it.
  const foreground = createForegroundGauge();
  app.addHook('onClose', () => foreground.close());
  app.addHook('onRequest', async (_request, reply) => {
    foreground.requestStarted();
    reply.headers(headers);
  });
  await app.register(swagger, openApiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db } = database;
  const appSecret = await loadAppSecret(db, config.appSecret);
  await app.register(csrfPlugin, { secret: appSecret });

  const jobs = createJobs(
    database,
    {
      workers: config.workers,
      timeoutSeconds: config.jobTimeoutSeconds,
      pollingIntervalSeconds: config.jobPollSeconds,
      ...(config.scheduledJobsEverySeconds ? { scheduledEverySeconds: config.scheduledJobsEverySeconds } : {}),
      foreground,
      metrics,
    },
    app.log,
  );
  const events = createEventBus(db, jobs);
  const clock = await createClock(database, config.testClockEnabled);
  app.addHook('onClose', () => clock.close());
  const mailer = createMailer(db, config, app.log, jobs, createDomainKeyReader(db, appSecret));
  // `background.drain()`: the work a request left running after its answer (tests wait for it).
  app.decorate('platform', { jobs, events, clock, background: { drain: () => mailer.drain() }, metrics: { url: metricsUrl } });
  // Jobs start once every module has defined its own (the app is ready) and stop before the database closes.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    await mailer.drain();
    await jobs.stop();
    mailer.close();
  });
  const registries = {
    usage: createUsageRegistry(),
    userData: createUserDataRegistry(db),
    trash: createTrashRegistry(),
    fileUses: createFileUseRegistry(),
    access: createAccessRegistry(),
  };
  app.decorate('userData', registries.userData);
  const storage = createStorage(config);
  const limiter = createRateLimiter(db);
  const platform = {
    config,
    database,
    db,
    jobs,
    events,
    clock,
    mailer,
    limiter,
    storage,
    appSecret,
    registries,
    log: app.log,
    fetch: outboundFetch,
    metrics,
  };

  const services = await mountModules(app, platform, appModules(notificationStreams));
  registries.access.assertComplete();

  // The pages outside /api.
  await app.register(spaPlugin, { webDist: config.webDist, countryLookupUrl: config.countryLookupUrl, publicUrl: config.publicUrl });
  registerLoginPage(app, {
    webDist: config.webDist,
    countryLookupUrl: config.countryLookupUrl,
    publicUrl: config.publicUrl,
    accountTypes: (locale) => services.registration.accountTypes(locale),
  });
  registerUnsubscribePage(app, services.campaigns);
  registerConfirmationPage(app, services.consents);
  const pages = registerPublicPage(app, {
    service: services.publicProfiles,
    publicUrl: config.publicUrl,
    webDist: config.webDist,
    secret: appSecret,
    pageCacheBytes: config.publicPageCacheBytes,
    wallets: services.wallet.availability(),
  });
  // An owner's verified custom domain answers with its card, tag or team directory (and nothing of the app).
  registerCustomDomainHosts(app, { domains: services.customDomains, publicUrl: config.publicUrl, pages });
  registerWalletWebService(app, services.wallet, limiter);

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    if (!isPage) return sendError(request, reply, new AppError('request.not_found'));
    // Any other path gets the app too, which shows its friendly "page not found", but with a real 404.
    const pathname = request.url.split('?')[0] ?? request.url;
    return app.sendSpa(request, reply, '', isSpaRoute(pathname) ? 200 : 404);
  });

  return app;
}
