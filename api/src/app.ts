/**
 * Builds the API server: database (migrated, optionally seeded), security headers, validation
 * from the shared schemas, OpenAPI at /api/docs, and every route of DESIGN.md §7.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyServerOptions, LogController } from 'fastify';
import { MESSAGES } from 'shared-contracts';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, ZodApp } from './app-context';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './auth/counter-store';
import { createAuthGuards } from './auth/guards';
import { setHashQueueMax } from './auth/passwords';
import { SignedInUsers } from './auth/signed-in-users';
import { AuthThrottle } from './auth/throttle';
import { type Config, connectionSettings, remoteHealthSettings, resilienceSettings, resolveJwtSecret } from './config';
import { type Database, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoDataIfEmpty } from './db/seed/seed-demo-data';
import { Releases } from './deployments/releases';
import { registerAnswerHeaders } from './http/answer-headers';
import { clientErrorHandler } from './http/client-errors';
import { registerRequestLog, serverLogger } from './http/request-log';
import { compiledSerializerCompiler } from './http/response-serializer';
import { registerSecurityHeaders } from './http/security-headers';
import { capConnections, connectionOptions } from './http/connections';
import { registerDraining } from './http/draining';
import { AccountMail } from './mail/account-mail';
import { createMailer } from './mail/mailer';
import { registerErrorHandling } from './http/errors';
import { fastifyTrustProxy } from './http/proxy-trust';
import { discoverSite, pageFallback, registerSite } from './http/site';
import { registerAdminDashboardRoutes } from './routes/admin/dashboard';
import { registerAdminDeploymentRoutes } from './routes/admin/deployments';
import { registerModerationRoutes } from './routes/admin/moderation';
import { registerAdminStoreRoutes } from './routes/admin/stores';
import { registerAdminUserRoutes } from './routes/admin/users';
import { registerAuthRoutes } from './routes/auth';
import { registerBenchCeilingRoutes } from './routes/bench-ceiling';
import { registerHealthRoutes } from './routes/health';
import { registerNotificationRoutes } from './routes/notifications';
import { registerOwnerRoutes } from './routes/owner';
import { registerRatingRoutes } from './routes/ratings';
import { registerReplyRoutes } from './routes/ratings/replies';
import { registerReportAndVoteRoutes } from './routes/ratings/reports-and-votes';
import { registerStoreRoutes } from './routes/stores';
import { registerTelemetryRoutes } from './routes/telemetry';
import { registerUserRoutes } from './routes/users';

export interface BuildAppOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** PostgreSQL schema to use (tests give each suite its own). */
  schema?: string;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ config, database: given, schema, logger }: BuildAppOptions): Promise<ZodApp> {
  const resilience = resilienceSettings(config);
  setHashQueueMax(resilience.hashQueueMax);
  // The database is opened before the server (and its logger) exists.
  let log: FastifyBaseLogger | undefined;
  const database =
    given ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
      schema,
      poolSize: resilience.databasePoolSize,
      timeouts: { connectTimeoutMs: resilience.databaseConnectTimeoutMs, statementTimeoutMs: resilience.databaseStatementTimeoutMs },
      onConnectionError: (error) => log?.warn({ err: error }, 'a PostgreSQL connection broke; it is replaced on the next request'),
    }));

  const app = Fastify({
    logger: logger ?? serverLogger(config.logLevel),
    // One line per request instead (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    // A __proto__ key, or constructor.prototype, is dropped while the JSON is parsed, like any key the
    // schemas do not know, so it can reach no object (it was a 400 "not valid JSON", though it is JSON).
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Request, headers, socket and keep-alive timeouts (http/connections.ts).
    ...connectionOptions(connectionSettings(config)),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While closing, requests arriving on open keep-alive connections get our own 503 (http/draining.ts).
    return503OnClosing: false,
    // A loaded machine (CI runs several suites at once) can take a while to start plugins.
    pluginTimeout: 60_000,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // Errors raised before routing (a badly encoded URL, an over-long path parameter) keep our error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void reply.code(status).send({ message: MESSAGES.invalidInput });
    },
    // And those Node's HTTP parser refuses (a URL or headers over its size limit, a malformed request).
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  log = app.log;
  registerRequestLog(app);
  const lifecycle = registerDraining(app);
  capConnections(app, connectionSettings(config));

  let counters: CounterStore | undefined;
  let accountMail: AccountMail | undefined;
  const users = new SignedInUsers(database);
  app.addHook('onClose', async () => {
    // The mails still under way need the database.
    await accountMail?.close();
    await users.close();
    await counters?.close();
    await database.close();
  });

  try {
    // Migrations and the seed may run longer than a request's statement deadline: on PostgreSQL they
    // get a connection of their own without one.
    const setup = !given && config.databaseUrl ? await openDatabase({ databaseUrl: config.databaseUrl, schema, poolSize: 1 }) : undefined;
    try {
      const db = setup?.db ?? database.db;
      await migrateToLatest(db, schema);
      if (config.seedDemoData) {
        const seeded = await seedDemoDataIfEmpty(db);
        if (seeded.seeded) app.log.info(seeded, 'seeded demo data into the empty database');
      }
    } finally {
      await setup?.close();
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  // After the migrations (the triggers that announce changes) and before the first request.
  users.start();
  counters = config.redisUrl
    ? new RedisCounterStore(config.redisUrl, {
        timeoutMs: resilience.redisTimeoutMs,
        onDegraded: (error) => app.log.warn({ err: error }, 'Redis does not answer: throttling counts in this process until it is back'),
        onRecovered: () => app.log.info('Redis answers again: throttling counts in Redis'),
      })
    : new MemoryCounterStore();
  accountMail = new AccountMail(
    database.db,
    createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom ?? DEFAULT_MAIL_FROM, log: app.log }),
    app.log,
    () => config.publicUrl ?? listeningOrigin(app, config.host),
  );
  const context: AppContext = {
    database,
    db: database.db,
    guards: createAuthGuards(users, resolveJwtSecret(config), config.tokenTtlSeconds),
    users,
    throttle: new AuthThrottle(counters, config.throttle),
    integrityCheckMaxAgeMs: config.integrityCheckMaxAgeMs,
    lifecycle,
    releases: new Releases({ releasesDir: config.releasesDir, siteDir: config.siteDir }),
    accountMail,
  };

  app.decorateRequest('currentUser', null);
  app.decorate('signedInUsers', users);
  app.decorate('accountMail', accountMail);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ checkResponses: config.checkResponses }));
  // Only JSON bodies: anything else is a 415, not a string handed to the handlers.
  app.removeContentTypeParser('text/plain');
  // A request without a body validates as an empty object, so missing fields get their own messages.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  const site = discoverSite(config.siteDir, context.releases, config.remotesFile);
  registerErrorHandling(app, site ? { notFoundFallback: pageFallback(site) } : {});

  registerSecurityHeaders(app);
  // Cache-Control: no-store on API answers, HSTS over HTTPS only (http/answer-headers.ts).
  registerAnswerHeaders(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Store Ratings API',
        version: '1.0.0',
        description: 'Rate and discover stores; owners follow their ratings; admins manage it all.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerHealthRoutes(app, context, { counters, timeoutMs: resilience.healthTimeoutMs });
  registerAuthRoutes(app, context);
  registerUserRoutes(app, context);
  registerStoreRoutes(app, context);
  registerRatingRoutes(app, context);
  registerReplyRoutes(app, context);
  registerReportAndVoteRoutes(app, context);
  registerOwnerRoutes(app, context);
  registerNotificationRoutes(app, context);
  registerAdminDashboardRoutes(app, context);
  registerAdminUserRoutes(app, context);
  registerAdminStoreRoutes(app, context);
  registerModerationRoutes(app, context);
  registerAdminDeploymentRoutes(app, context, remoteHealthSettings(config));
  registerTelemetryRoutes(app, context, { counters, settings: remoteHealthSettings(config) });
  if (config.benchCeilingRoutes) registerBenchCeilingRoutes(app);

  if (site) await registerSite(app, site);
  else app.log.info('the web site is not built; serving the API only (npm start builds it)');

  return app;
}

const DEFAULT_MAIL_FROM = 'Store Ratings <no-reply@store-ratings.invalid>';

/** Without PUBLIC_URL, the mailed links lead to where this server listens (localhost for every interface). */
function listeningOrigin(app: ZodApp, host: string): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : 3000;
  const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
