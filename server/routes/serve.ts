import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import type { BodyOf, Caller, EndpointDef, ParamsOf, QueryOf, ResponseOf } from '../../contract/endpoint.ts';
import { authenticateApiKey, isApiKey } from '../api-keys/authenticate.ts';
import { authenticate, bearerToken, requireAdmin, requireAuthor, requireFreshAuthor } from '../auth/guard.ts';
import type { Principal } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { ApiError, badRequest, forbidden } from '../http/errors.ts';
import { authorizeDialog, type DialogAccess } from '../sharing/permissions.ts';

/** What a route handler gets: the checked input and caller, never the request itself. */
export interface Call<E extends EndpointDef> {
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
  /** The verified caller; null for public calls. */
  principal: E['caller'] extends 'public' ? null : Principal;
  /** The caller's role and the dialog, for calls with a dialog need. */
  access: E['dialog'] extends string ? DialogAccess : undefined;
  log: FastifyBaseLogger;
  /** The client's address (after the trusted proxies) and user agent, for rate limits and session lists. */
  ip: string;
  userAgent: string;
  /**
   * The raw request and reply, for the few calls that stream (file uploads, downloads, long polls): their
   * handlers read the stream or set headers here and hand services only plain values.
   */
  raw: { request: FastifyRequest; reply: FastifyReply };
}

/** A download (`produces`) answers through raw.reply (its headers and stream) and returns the reply. */
type Answer<E extends EndpointDef> = E['produces'] extends readonly string[] ? FastifyReply : ResponseOf<E>;

export type Handler<E extends EndpointDef> = (call: Call<E>) => Promise<Answer<E>> | Answer<E>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the endpoint's pre-handler (serve). */
    caller: { principal: Principal | null; access: DialogAccess | undefined };
  }
}

const KEY_CALLERS: readonly Caller[] = ['author', 'fresh_author'];

/** A personal API key (server/api-keys) on an author call that names the scope it needs; others refuse keys. */
/** A key's call; each one, refused or not, is logged with the key's id (the audit trail of keys). */
async function keyPrincipal(
  ctx: AppContext,
  def: EndpointDef,
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  try {
    return await authenticateApiKey(
      ctx,
      token,
      KEY_CALLERS.includes(def.caller) ? def.keyScope : undefined,
      (apiKeyId) => request.log.info({ apiKeyId, path: def.path }, 'api key call'),
    );
  } catch (error) {
    const retryAfter = error instanceof ApiError ? error.details?.retry_after : undefined;
    if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
    throw error;
  }
}

async function principalFor(ctx: AppContext, caller: Caller, token: string | undefined) {
  switch (caller) {
    case 'public':
      return null;
    case 'author':
      return requireAuthor(ctx, token);
    case 'fresh_author':
      return requireFreshAuthor(ctx, token);
    case 'admin':
      return requireAdmin(ctx, token);
    case 'participant':
      return authenticate(ctx, token);
    case 'live': {
      const principal = await authenticate(ctx, token);
      if (principal.kind !== 'live') throw forbidden('Dieser Aufruf ist nur für Teilnehmende eines Dialogs.');
      return principal;
    }
  }
}

/** The dialog a request names: `dialogIdField` (default survey_id) of body, query or path, or the path's :id. */
function dialogIdOf(def: EndpointDef, request: FastifyRequest): string {
  const field = def.dialogIdField ?? 'survey_id';
  const at = (source: unknown) =>
    field
      .split('.')
      .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], source);
  for (const source of [request.body, request.query, request.params]) {
    const value = at(source);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  if (typeof id === 'string') return id;
  throw badRequest(`${field}: fehlt`);
}

/** The error answers of a call: 400 always, 401/403 with a token, 404 on a dialog, then its own. */
function errorResponses(def: EndpointDef) {
  const withToken = def.caller !== 'public';
  return {
    400: apiErrorSchema,
    ...(withToken ? { 401: apiErrorSchema, 403: apiErrorSchema } : {}),
    ...(def.dialog ? { 404: apiErrorSchema } : {}),
    ...def.errors,
  };
}

/** The call's description, with the scope an API key needs for it (OpenAPI names no scopes of bearer schemes). */
const describe = (def: EndpointDef) =>
  def.keyScope
    ? `${def.description ? `${def.description} ` : ''}API keys need the scope '${def.keyScope}'.`
    : def.description;

/**
 * Registers one endpoint of the table: its schemas validate the input (and the output, unless it is a
 * download or a trusted response), a pre-handler authenticates the caller and checks the dialog need,
 * and the handler gets a typed Call.
 */
export function serve<E extends EndpointDef>(
  instance: FastifyInstance,
  ctx: AppContext,
  def: E,
  handler: Handler<E>,
): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A download's success is a file of one of its media types; its errors stay JSON.
  const success = def.produces
    ? {
        description: 'The file',
        content: Object.fromEntries(def.produces.map((type) => [type, { schema: def.response }])),
      }
    : def.response;
  const response = { [def.status ?? 200]: success, ...errorResponses(def) };
  app.route({
    method: def.method,
    url: def.path,
    ...(def.trustedResponse ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
    // Read by the audit hook (routes/audit-hook.ts): a key's calls are on record.
    config: { takesApiKeys: def.keyScope !== undefined && KEY_CALLERS.includes(def.caller) },
    schema: {
      tags: [...def.tags],
      summary: def.summary,
      ...(describe(def) ? { description: describe(def) } : {}),
      ...(def.caller === 'public' ? { security: [] } : {}),
      ...(def.keyScope ? { security: [{ bearer: [] }, { apiKey: [] }] } : {}),
      ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response,
    },
    preHandler: async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      const principal =
        def.caller !== 'public' && isApiKey(token)
          ? await keyPrincipal(ctx, def, token, request, reply)
          : await principalFor(ctx, def.caller, token);
      const access =
        def.dialog && principal
          ? await authorizeDialog(ctx, principal.id, dialogIdOf(def, request), def.dialog)
          : undefined;
      request.caller = { principal, access };
    },
    handler: (request, reply) => {
      // An error answer sets its own status (server/http/error-handler.ts).
      if (def.status) reply.code(def.status);
      return handler({
        body: request.body as BodyOf<E>,
        query: request.query as QueryOf<E>,
        params: request.params as ParamsOf<E>,
        principal: request.caller.principal as Call<E>['principal'],
        access: request.caller.access as Call<E>['access'],
        log: request.log,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        raw: { request, reply },
      });
    },
  });
}
