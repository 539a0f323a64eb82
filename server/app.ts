import { resolve } from 'node:path';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_TITLES, MESSAGES } from '../contract/errors.ts';
import '../contract/zod-setup.ts';
import { createTokenSigner } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { DbHandle } from './db/connect.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { registerWeb } from './http/web.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerHealthRoute } from './routes/health.ts';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  jwtSecret: Uint8Array;
  now?: () => number;
  logger?: boolean;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const now = deps.now ?? Date.now;
  const ctx: AppContext = {
    db: deps.database.db,
    dbKind: deps.database.kind,
    config,
    signer: createTokenSigner(deps.jwtSecret, {
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      freshMinutes: config.FRESH_TOKEN_MINUTES,
      now,
    }),
    now,
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(underPressure, {
    maxEventLoopDelay: 1000,
    pressureHandler: (_req, reply) => {
      reply.code(503).send({ title: ERROR_TITLES.serverBusy, msg: MESSAGES.serverBusy });
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dialogwerk API',
        version: '1.0.0',
        description: 'Errors are { title, msg } with the HTTP status.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerHealthRoute(app, ctx);
  registerAuthRoutes(app, ctx);

  await registerWeb(app, resolve(config.WEB_DIST_DIR ?? 'dist/web'), config.PUBLIC_URL);
  return app;
}
