import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { TRIGGER_SECRET_HEADER } from '../../contract/multichat.ts';
import type { AppContext } from '../context.ts';
import type { Notifier } from '../multichat/notify.ts';
import { MultichatService } from '../multichat/service.ts';
import { serve } from './serve.ts';

/** Multi-dialog chats (issue 7; contract/multichat.ts) and the inbound waitAPI call. */
export function registerMultichatRoutes(app: FastifyInstance, ctx: AppContext, notifier: Notifier): void {
  const service = new MultichatService(ctx, notifier);
  serve(app, ctx, endpoints.multichatStart, ({ principal, body }) =>
    service.start(principal, body.dialog_manager_id),
  );
  serve(app, ctx, endpoints.multichatHistory, ({ principal, body }) =>
    service.history(principal, body.dialog_manager_id),
  );
  serve(app, ctx, endpoints.multichatAnswer, ({ principal, body }) => service.answer(principal, body));
  serve(app, ctx, endpoints.multichatWait, ({ principal, body }) =>
    service.wait(principal, body.dialog_manager_id, body.after_id),
  );
  serve(app, ctx, endpoints.multichatRestart, ({ principal, body }) =>
    service.restart(principal, body.dialog_manager_id),
  );
  serve(app, ctx, endpoints.multichatDelete, ({ principal, body }) =>
    service.deletePlayer(principal, body.dialog_manager_id),
  );
  // The trigger's secret travels in a header, which the call's plain values do not carry.
  serve(app, ctx, endpoints.triggerApi, ({ params, body, raw }) => {
    const header = raw.request.headers[TRIGGER_SECRET_HEADER];
    return service.release(params.trigger_id, typeof header === 'string' ? header : undefined, body);
  });
}
