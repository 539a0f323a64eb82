import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDITED_CALLS, auditDetails } from '../audit/actions.ts';
import { type AuditedDialog, auditedDialog, recordAudit } from '../audit/service.ts';
import { userName } from '../audit/users.ts';
import { authenticate, bearerToken } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

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
  app.addHook('preHandler', async (request) => {
    if (!AUDITED_CALLS[request.routeOptions.url ?? '']) return;
    const surveyId = asRecord(request.body).survey_id;
    if (typeof surveyId === 'string') dialogs.set(request, await auditedDialog(ctx, surveyId));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const rule = AUDITED_CALLS[request.routeOptions.url ?? ''];
    if (!rule) return payload;
    const body = asRecord(request.body);
    const action = rule({ status: reply.statusCode, body });
    if (!action) return payload;
    try {
      const answer = jsonOf(payload);
      const principal = request.caller?.principal ?? (await callerOf(ctx, request.headers.authorization));
      const actorId =
        principal?.kind === 'author'
          ? principal.id
          : typeof answer.user_id === 'number'
            ? answer.user_id
            : null;
      const named = body.username ?? answer.username;
      const actorName = typeof named === 'string' ? named : await userName(ctx, actorId);
      await recordAudit(
        ctx,
        {
          action,
          actorId,
          actorName,
          address: request.ip,
          surveyId: typeof body.survey_id === 'string' ? body.survey_id : undefined,
          details: auditDetails(body, reply.statusCode),
        },
        dialogs.get(request),
      );
    } catch (err) {
      // The action is done; a lost entry is reported, the answer still goes out.
      request.log.error({ err, action }, 'audit entry not written');
    }
    return payload;
  });
}
