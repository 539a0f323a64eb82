import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import type { AppContext } from '../context.ts';
import { restoreVersion } from '../versions/restore.ts';
import {
  diffVersions,
  listVersions,
  publishVersion,
  setVersionMode,
  versionState,
} from '../versions/service.ts';
import { serve } from './serve.ts';

/** A dialog's versions (issue 21): mode, publish, history, diff, restore. */
export function registerVersionRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, endpoints.versionState, ({ access }) => versionState(ctx, access));
  serve(app, ctx, endpoints.setVersionMode, ({ access, body }) => setVersionMode(ctx, access, body.mode));
  serve(app, ctx, endpoints.publishVersion, ({ access, body }) => publishVersion(ctx, access, body.note));
  serve(app, ctx, endpoints.listVersions, ({ access }) => listVersions(ctx, access));
  serve(app, ctx, endpoints.diffVersions, ({ access, body }) =>
    diffVersions(ctx, access, body.from, body.to),
  );
  serve(app, ctx, endpoints.restoreVersion, ({ access, body }) => restoreVersion(ctx, access, body.number));
}
