/**
 * Builds the API server: database (migrated, optionally seeded), security headers, validation
 * from the shared schemas, OpenAPI at /api/docs, and every route of DESIGN.md §7.
 */
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { MESSAGES } from 'shared-contracts';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, ZodApp } from './app-context';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './auth/counter-store';
import { createAuthGuards } from './auth/guards';
import { AuthThrottle } from './auth/throttle';
import { type Config, remoteHealthSettings, resolveJwtSecret } from './config';
import { type Database, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoDataIfEmpty } from './db/seed/seed-demo-data';
import { Releases } from './deployments/releases';
import { clientErrorHandler } from './http/client-errors';
import { registerDraining } from './http/draining';
import { registerErrorHandling } from './http/errors';
import { discoverSite, pageFallback, registerSite } from './http/site';
import { registerAdminDashboardRoutes } from './routes/admin/dashboard';
import { registerAdminDeploymentRoutes } from './routes/admin/deployments';
import { registerAdminStoreRoutes } from './routes/admin/stores';
import { registerAdminUserRoutes } from './routes/admin/users';
import { registerAuthRoutes } from './routes/auth';
import { registerBenchCeilingRoutes } from './routes/bench-ceiling';
import { registerHealthRoutes } from './routes/health';
import { registerOwnerRoutes } from './routes/owner';
import { registerRatingRoutes } from './routes/ratings';
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
  const database =
    given ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
      schema,
    }));

  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
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

  const lifecycle = registerDraining(app);

  let counters: CounterStore | undefined;
  app.addHook('onClose', async () => {
    await counters?.close();
    await database.close();
  });

  try {
    await migrateToLatest(database.db, schema);
    if (config.seedDemoData) {
      const seeded = await seedDemoDataIfEmpty(database.db);
      if (seeded.seeded) app.log.info(seeded, 'seeded demo data into the empty database');
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  counters = config.redisUrl ? new RedisCounterStore(config.redisUrl) : new MemoryCounterStore();
  const context: AppContext = {
    database,
    db: database.db,
    guards: createAuthGuards(database.db, resolveJwtSecret(config), config.tokenTtlSeconds),
    throttle: new AuthThrottle(counters, config.throttle),
    integrityCheckMaxAgeMs: config.integrityCheckMaxAgeMs,
    lifecycle,
    releases: new Releases({ releasesDir: config.releasesDir, siteDir: config.siteDir }),
  };

  app.decorateRequest('currentUser', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies: anything else is a 415, not a string handed to the handlers.
  app.removeContentTypeParser('text/plain');
  // A request without a body validates as an empty object, so missing fields get their own messages.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  const site = discoverSite(config.siteDir, context.releases, config.remotesFile);
  registerErrorHandling(app, site ? { notFoundFallback: pageFallback(site) } : {});

  await app.register(helmet, {
    global: true,
    // Served over plain HTTP locally; TLS, where there is any, ends at the load balancer.
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Store Ratings API', version: '1.0.0', description: 'Rate and discover stores; owners follow their ratings; admins manage it all.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerHealthRoutes(app, context);
  registerAuthRoutes(app, context);
  registerUserRoutes(app, context);
  registerStoreRoutes(app, context);
  registerRatingRoutes(app, context);
  registerOwnerRoutes(app, context);
  registerAdminDashboardRoutes(app, context);
  registerAdminUserRoutes(app, context);
  registerAdminStoreRoutes(app, context);
  registerAdminDeploymentRoutes(app, context, remoteHealthSettings(config));
  registerTelemetryRoutes(app, context, { counters, settings: remoteHealthSettings(config) });
  if (config.benchCeilingRoutes) registerBenchCeilingRoutes(app);

  if (site) await registerSite(app, site);
  else app.log.info('the web site is not built; serving the API only (npm start builds it)');

  return app;
}
