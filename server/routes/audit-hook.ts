import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../contract/audit.ts';
import { AUDITED_CALLS, answerDetails, asRecord, auditDetails } from '../audit/actions.ts';
import { type AuditedDialog, auditedDialog, recordAudit } from '../audit/service.ts';
import { answerActorId, userName } from '../audit/users.ts';
import { authenticate, bearerToken } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call takes a personal API key (routes/serve.ts): its first call in a minute is audited. */
    takesApiKeys?: boolean;
  }
}

/** A route's own hooks of one kind as a list (Fastify takes none, one or a list). */
const hooksOf = <H>(hooks: H | H[] | undefined): H[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

function jsonOf(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'string') return {};
  try {
    return asRecord(JSON.parse(payload));
  } catch {
    return {};
  }
}

/** The caller of a route not served by serve() (which sets request.caller); null without a valid token. */
async function callerOf(ctx: AppContext, header: string | undefined) {
  const token = bearerToken(header);
  return token ? authenticate(ctx, token).catch(() => null) : null;
}

/**
 * Writes the audit entries of the calls in AUDITED_CALLS (server/audit/actions.ts): the dialog is looked
 * up before the call (which may delete it), the entry is written before the answer leaves, so an
 * acknowledged action is in the log.
 */
export function registerAuditHook(app: FastifyInstance, ctx: AppContext): void {
  const dialogs = new WeakMap<FastifyRequest, AuditedDialog>();
  const lookUpDialog = async (request: FastifyRequest) => {
    const surveyId = asRecord(request.body).survey_id;
    if (typeof surveyId === 'string') dialogs.set(request, await auditedDialog(ctx, surveyId));
  };
  const writeEntries = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const path = request.routeOptions.url ?? '';
    const body = asRecord(request.body);
    const before = dialogs.get(request);
    const action = AUDITED_CALLS[path]?.({ status: reply.statusCode, body, before }) ?? null;
    const keyUse = request.caller?.principal?.apiKeyFirstInMinute === true;
    if (!action && !keyUse) return payload;
    try {
      const answer = jsonOf(payload);
      const principal = request.caller?.principal ?? (await callerOf(ctx, request.headers.authorization));
      const actorId = principal?.kind === 'author' ? principal.id : await answerActorId(ctx, answer);
      const named = body.username ?? answer.username;
      const actorName = typeof named === 'string' ? named : await userName(ctx, actorId);
      const surveyId = typeof body.survey_id === 'string' ? body.survey_id : undefined;
      const write = (what: AuditAction, details: Record<string, unknown>) =>
        recordAudit(
          ctx,
          { action: what, actorId, actorName, address: request.ip, surveyId, details },
          before,
        );
      if (action) {
        await write(action, {
          ...auditDetails(body, reply.statusCode),
          ...answerDetails(path, answer, before),
        });
      }
      // A key's first call in a minute (api-keys/authenticate.ts): its use is on record without an
      // entry for each of a script's calls.
      if (keyUse) {
        await write('api_key_used', { key_id: principal?.apiKeyId, path, status: reply.statusCode });
      }
    } catch (err) {
      // The action is done; a lost entry is reported, the answer still goes out.
      request.log.error({ err, action }, 'audit entry not written');
    }
    return payload;
  };
  // Only the calls that may write an entry get the hooks, ahead of their own (as app-wide hooks ran):
  // every other call, a chat turn among them, is spared two hooks that would find nothing to do.
  app.addHook('onRoute', (route) => {
    const audited = AUDITED_CALLS[route.url] !== undefined;
    if (!audited && route.config?.takesApiKeys !== true) return;
    if (audited) route.preHandler = [lookUpDialog, ...hooksOf(route.preHandler)];
    route.onSend = [writeEntries, ...hooksOf(route.onSend)];
  });
}
