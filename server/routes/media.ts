import multipart from '@fastify/multipart';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints/index.ts';
import { MAX_UPLOAD_BYTES } from '../../contract/media.ts';
import type { AppContext } from '../context.ts';
import { deleteMediaFile } from '../dialogs/delete-media.ts';
import { notFound } from '../http/errors.ts';
import { MEDIA_NOT_FOUND } from '../media/errors.ts';
import { listMediaFiles, receiveUpload, servedMediaFile } from '../media/service.ts';
import { mediaStore } from '../media/store.ts';
import { serve } from './serve.ts';

/** Media upload, list, delete, and public serving of the files (SPEC §3 "Media file"). */
export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The multipart parser only exists in this scope: no other call accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte above the largest type limit, so the per-type check (with its German message) decides.
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
    });
    serve(scope, ctx, endpoints.uploadMedia, ({ principal, raw }) =>
      receiveUpload(ctx, principal.id, raw.request.parts()),
    );
  });

  serve(app, ctx, endpoints.getMediaList, ({ access }) => listMediaFiles(ctx, access));
  serve(app, ctx, endpoints.deleteMedia, ({ access, body }) =>
    deleteMediaFile(ctx, access, body.filename_db),
  );
  serve(app, ctx, endpoints.mediaFile, async ({ params, raw }) => {
    const file = await servedMediaFile(ctx, params.filename);
    const store = mediaStore(ctx.config);
    if (store.kind !== 'local') {
      const object = await store.read(params.filename, raw.request.headers.range);
      if (!object) throw notFound(MEDIA_NOT_FOUND);
      return raw.reply
        .code(object.status)
        .headers({ ...object.headers, 'content-type': file.mime, 'x-content-type-options': 'nosniff' })
        .send(object.body ?? '');
    }
    const result = await send(raw.request.raw, params.filename, {
      root: file.dir,
      acceptRanges: true,
      maxAge: '365d',
      immutable: true,
      index: false,
      dotfiles: 'deny',
    });
    if (result.type !== 'file') throw notFound(MEDIA_NOT_FOUND);
    // The type sniffed at upload, never one guessed from the name; browsers must not sniff either.
    return raw.reply
      .code(result.statusCode)
      .headers({ ...result.headers, 'content-type': file.mime, 'x-content-type-options': 'nosniff' })
      .send(result.stream);
  });
}
