import { resolve } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_TITLES, MESSAGES } from '../contract/errors.ts';
import '../contract/zod-setup.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { type Config, trustProxyOption } from './config.ts';
import type { AppContext } from './context.ts';
import type { DbHandle } from './db/connect.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { frameworkErrors, installErrorHandler } from './http/error-handler.ts';
import { loggerOptions } from './http/log-options.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStorableBodies } from './http/storable-bodies.ts';
import { registerUnreadBodies } from './http/unread-body.ts';
import { registerWeb } from './http/web.ts';
import { createEmbedder } from './llm/embeddings.ts';
import { createLlmProvider, type LlmLogger } from './llm/provider.ts';
import { instrumentLlm, observeEmbeddings } from './metrics/registry.ts';
import { createNotifier } from './multichat/notify.ts';
import { startRetention } from './retention/scheduler.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { registerAdminRoutes } from './routes/admin.ts';
import { registerAnalyticsRoutes } from './routes/analytics.ts';
import { registerApiKeyRoutes } from './routes/api-keys.ts';
import { registerAuditRoutes } from './routes/audit.ts';
import { registerAuditHook } from './routes/audit-hook.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerBlockRoutes } from './routes/blocks.ts';
import { registerChatRoutes } from './routes/chat.ts';
import { registerChatFeedbackRoutes } from './routes/chat-feedback.ts';
import { registerChatPrivacyRoutes } from './routes/chat-privacy.ts';
import { registerDialogRoutes } from './routes/dialogs.ts';
import { registerHealthRoute } from './routes/health.ts';
import { registerHiddenFieldRoutes } from './routes/hidden-fields.ts';
import { registerLlmRoutes } from './routes/llm.ts';
import { registerManagerRoutes } from './routes/managers.ts';
import { registerMediaRoutes } from './routes/media.ts';
import { registerMultichatRoutes } from './routes/multichat.ts';
import { registerPageRoutes } from './routes/pages.ts';
import { registerQuotaRoutes } from './routes/quotas.ts';
import { registerRetentionRoutes } from './routes/retention.ts';
import { registerSharingRoutes } from './routes/sharing.ts';
import { registerTrainingRoutes } from './routes/training.ts';
import { registerVersionRoutes } from './routes/versions.ts';
import { registerWebhookRoutes } from './routes/webhooks.ts';
import { renameBranches } from './training/rename-branches.ts';
import { attachFirstVersions } from './versions/first-versions.ts';
import { createWebhookWorker, outboxDepth } from './webhooks/worker.ts';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  jwtSecret: Uint8Array;
  now?: () => number;
  logger?: boolean;
  /** Overrides of the overload limits (@fastify/under-pressure), e.g. to make a test hit them at will. */
  pressure?: { maxEventLoopDelay?: number; maxHeapUsedBytes?: number; sampleInterval?: number };
}

/**
 * The services' context; tests build the same one to call services and guards directly. log: where the
 * LLM's failures go (the app's logger).
 */
export function createAppContext(deps: AppDeps, log?: LlmLogger): AppContext {
  const now = deps.now ?? Date.now;
  return {
    db: deps.database.db,
    dbKind: deps.database.kind,
    reads: deps.database.reads,
    config: deps.config,
    signer: createTokenSigner(deps.jwtSecret, {
      accessTtlSeconds: deps.config.ACCESS_TOKEN_TTL_SECONDS,
      freshMinutes: deps.config.FRESH_TOKEN_MINUTES,
      now,
    }),
    now,
    llm: instrumentLlm(createLlmProvider(deps.config, log)),
    embedder: createEmbedder(deps.config, log, observeEmbeddings),
    dialogHooks: { branchesRenamed: renameBranches },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.LOG_LEVEL),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  registerUnreadBodies(app);
  // The endpoint pre-handler sets it (routes/serve.ts); declared up front so every request has one shape.
  app.decorateRequest('caller', null as unknown as FastifyRequest['caller']);

  const ctx = createAppContext(deps, app.log);
  // Dialogs and sessions from before versions existed (migration 0022) get their version 1.
  await attachFirstVersions(ctx);
  // Wakes the games' long polls (multichat/notify.ts); on PostgreSQL across server processes.
  const notifier = createNotifier(ctx, deps.database.url, app.log);
  app.addHook('onReady', () => notifier.start());
  // Before the server waits for requests in flight: open long polls answer now.
  app.addHook('preClose', async () => notifier.release());
  app.addHook('onClose', () => notifier.close());
  // Sends the webhook outbox (webhooks/worker.ts); every process runs one, leases keep them apart.
  if (config.WEBHOOK_WORKER) {
    const webhookWorker = createWebhookWorker(ctx, app.log);
    app.addHook('onReady', async () => webhookWorker.start());
    app.addHook('onClose', () => webhookWorker.stop());
  }
  const stopRetention = startRetention(ctx, config.RETENTION_INTERVAL_MINUTES * 60_000, app.log);
  app.addHook('onClose', async () => stopRetention());

  registerSecurityHeaders(app);
  registerMetrics(app, config, {
    poolStats: deps.database.poolStats,
    outboxDepth: () => outboxDepth(ctx),
  });
  registerStorableBodies(app);
  await app.register(underPressure, {
    maxEventLoopDelay: 1000,
    ...deps.pressure,
    pressureHandler: (req, reply) => {
      // Visible at LOG_LEVEL=warn: respondents are being turned away.
      req.log.warn('server busy: event loop delay over the limit, answered 503');
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
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'dwk_…',
            description:
              "A personal API key (account screen, 'API-Schlüssel') as `Authorization: Bearer dwk_…`. It acts " +
              'as its author within its scopes (read, export, manage) and the roles the author holds; only ' +
              'calls that list this scheme take it. API_KEY_REQUESTS_PER_MINUTE calls per minute (429 ' +
              'with Retry-After beyond).',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuditHook(app, ctx);
  registerHealthRoute(app, ctx);
  registerAuthRoutes(app, ctx);
  registerDialogRoutes(app, ctx);
  registerBlockRoutes(app, ctx);
  registerMediaRoutes(app, ctx);
  registerPageRoutes(app, ctx);
  registerChatRoutes(app, ctx);
  registerSharingRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerVersionRoutes(app, ctx);
  registerHiddenFieldRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerChatFeedbackRoutes(app, ctx);
  registerChatPrivacyRoutes(app, ctx);
  registerTrainingRoutes(app, ctx);
  registerLlmRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerManagerRoutes(app, ctx);
  registerMultichatRoutes(app, ctx, notifier);
  registerAuditRoutes(app, ctx);
  registerRetentionRoutes(app, ctx);
  registerQuotaRoutes(app, ctx);

  await registerWeb(app, resolve(config.WEB_DIST_DIR ?? 'dist/web'), ctx);
  return app;
}
