import multipart from '@fastify/multipart';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api-error.ts';
import {
  deleteMediaRequest,
  MAX_UPLOAD_BYTES,
  mediaFileSchema,
  mediaListResponse,
  successResponse,
  surveyRequest,
} from '../../contract/dialogs.ts';
import { ERROR_TITLES } from '../../contract/errors.ts';
import { requireAuthor } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { findMediaByFilename } from '../media/queries.ts';
import { deleteMediaFile, listMediaFiles, receiveUpload } from '../media/service.ts';
import { mediaDir } from '../media/storage.ts';
import { mediaStore } from '../media/store.ts';
import { requireDialog } from '../sharing/permissions.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

const FILENAME = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/** Media upload, list, delete, and public serving of the files (SPEC §3 "Media file"). */
export function registerMediaRoutes(instance: FastifyInstance, ctx: AppContext): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];

  // The multipart parser only exists in this scope: no other call accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte above the largest type limit, so the per-type check (with its German message) decides.
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/upload_media',
      {
        schema: {
          tags,
          summary: 'Upload a media file',
          description:
            'multipart/form-data with the fields survey_id and type (logo, avatar, image, audio, video) ' +
            'followed by the file part. The content is sniffed; allowed formats and size limits per type ' +
            'are MEDIA_RULES in contract/dialogs.ts. 413 when the file is too large.',
          consumes: ['multipart/form-data'],
          response: { 200: mediaFileSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema },
        },
      },
      async (req, reply) => {
        try {
          return await receiveUpload(ctx, (await requireAuthor(ctx, req)).id, req.parts());
        } catch (err) {
          // Refused before the whole body arrived: the rest is never read, so the connection cannot
          // carry another request; saying so keeps clients from reusing a socket the server drops.
          if (!req.raw.readableEnded) reply.header('connection', 'close');
          throw err;
        }
      },
    );
  });

  app.post(
    '/api/get_media_list',
    {
      schema: {
        tags,
        summary: 'The media files of a dialog',
        body: surveyRequest,
        response: { 200: mediaListResponse, ...errors },
      },
    },
    async (req) => listMediaFiles(ctx, await requireDialog(ctx, req, req.body.survey_id, 'view')),
  );

  app.post(
    '/api/delete_media',
    {
      schema: {
        tags,
        summary: 'Delete a media file; 409 while a block or the settings still use it',
        body: deleteMediaRequest,
        response: { 200: successResponse, ...errors, 409: apiErrorSchema },
      },
    },
    async (req) =>
      deleteMediaFile(
        ctx,
        await requireDialog(ctx, req, req.body.survey_id, 'configure'),
        req.body.filename_db,
      ),
  );

  app.get(
    '/media/:filename',
    {
      schema: {
        tags,
        summary: 'A media file, public (live chats show them); ranges supported for audio and video',
        security: [],
        params: z.object({ filename: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { filename } = req.params;
      const row = FILENAME.test(filename) ? await findMediaByFilename(ctx.db, filename) : undefined;
      const notFound = { title: ERROR_TITLES.notFound, msg: 'Mediendatei nicht gefunden.' };
      if (!row) return reply.code(404).send(notFound);
      const store = mediaStore(ctx.config);
      if (store.kind !== 'local') {
        const object = await store.read(filename, req.headers.range);
        if (!object) return reply.code(404).send(notFound);
        return reply
          .code(object.status)
          .headers({ ...object.headers, 'content-type': row.mime, 'x-content-type-options': 'nosniff' })
          .send(object.body ?? '');
      }
      const result = await send(req.raw, filename, {
        root: mediaDir(ctx.config),
        acceptRanges: true,
        maxAge: '365d',
        immutable: true,
        index: false,
        dotfiles: 'deny',
      });
      if (result.type !== 'file') return reply.code(404).send(notFound);
      // The type sniffed at upload, never one guessed from the name; browsers must not sniff either.
      return reply
        .code(result.statusCode)
        .headers({ ...result.headers, 'content-type': row.mime, 'x-content-type-options': 'nosniff' })
        .send(result.stream);
    },
  );
}
