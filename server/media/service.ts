import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { Selectable } from 'kysely';
import {
  MEDIA_RULES,
  MEDIA_TYPE_LABELS,
  type MediaFile,
  type MediaType,
  uploadMediaFields,
} from '../../contract/media.ts';
import { MEDIA_URL_PREFIX } from '../../contract/text-content.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject } from '../db/json-columns.ts';
import type { MediaTable } from '../db/schema.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { authorizeDialog, type DialogAccess } from '../sharing/permissions.ts';
import { storable } from '../text/storable.ts';
import { MEDIA_NOT_FOUND } from './errors.ts';
import * as queries from './queries.ts';
import { ensureMediaDir, mediaDir, newMediaFilename } from './storage.ts';
import { mediaStore, removeMediaFiles } from './store.ts';

type MediaRow = Selectable<MediaTable>;

export function mediaFileFromRow(row: MediaRow, surveyId: string): MediaFile {
  return {
    survey_id: surveyId,
    filename_db: row.filename_db,
    type: row.type,
    location: `${MEDIA_URL_PREFIX}${row.filename_db}`,
    misc: parseJsonObject(row.misc),
    mime: row.mime,
    size: row.size,
    original_name: row.original_name,
    created_at: row.created_at,
  };
}

const MB = 1024 * 1024;
const tooLarge = (type: MediaType) =>
  new ApiError(
    413,
    'file_too_large',
    `Die Datei ist zu groß: ${MEDIA_TYPE_LABELS[type]} höchstens ${MEDIA_RULES[type].maxBytes / MB} MB.`,
  );

/** A second file part is a malformed request, not a large one. */
const tooManyFiles = () => new ApiError(400, 'too_many_files', 'Bitte genau eine Datei hochladen.');

/**
 * What a failure of the multipart stream (the plugin's limits, or busboy on a truncated or malformed
 * body) means for the client: their default texts are English and carry no status.
 */
function multipartError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  switch (code) {
    case 'FST_FILES_LIMIT':
      return tooManyFiles();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError(413, 'too_many_fields', 'Zu viele Felder im Upload.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'file_too_large', 'Die Datei ist zu groß.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Bitte die Datei als multipart/form-data senden.');
    case 'FST_PROTO_VIOLATION':
      return badRequest('Ungültiger Feldname im Upload.');
    default:
      return badRequest('Der Upload ist unvollständig oder fehlerhaft.');
  }
}

/** A failure of the disk (full, no permission) rather than of the upload: a real server error. */
const isSystemError = (err: unknown) =>
  typeof err === 'object' && err !== null && typeof (err as { syscall?: unknown }).syscall === 'string';

/** Printable part of the client's file name, kept only for display. */
const displayName = (name: string) =>
  Array.from(name)
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .slice(0, 200);

/** A part of the upload's multipart body as the route hands it over: a field, or the file as a stream. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; filename: string; file: NodeJS.ReadableStream };

interface Upload {
  access: DialogAccess;
  type: MediaType;
  tmpPath: string;
  size: number;
  originalName: string;
}

/** Streams the file to a temporary file, counting bytes against the type's limit. */
async function receiveFile(
  dir: string,
  type: MediaType,
  stream: NodeJS.ReadableStream,
): Promise<[string, number]> {
  const tmpPath = join(dir, `.upload-${randomBytes(12).toString('hex')}`);
  const max = MEDIA_RULES[type].maxBytes;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > max) callback(tooLarge(type));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(tmpPath));
  } catch (err) {
    await rm(tmpPath, { force: true });
    throw isSystemError(err) ? err : multipartError(err);
  }
  return [tmpPath, size];
}

/**
 * POST /api/upload_media: the fields survey_id and type come before the file, so the caller's right and
 * the type's size limit are known before a byte of the file is stored. The content is sniffed; the name
 * and the client's mime type are never trusted.
 */
export async function receiveUpload(
  ctx: AppContext,
  userId: number,
  parts: AsyncIterable<UploadPart>,
): Promise<MediaFile> {
  const dir = mediaDir(ctx.config);
  const fields: Record<string, unknown> = {};
  let upload: Upload | undefined;
  const iterator = parts[Symbol.asyncIterator]();
  try {
    for (;;) {
      // Errors of the iterator itself are malformed bodies; errors of our own steps keep their meaning.
      const next = await iterator.next().catch((err: unknown) => {
        throw multipartError(err);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        // As JSON bodies' text (http/storable-bodies.ts): a NUL reads the same on both databases.
        fields[part.fieldname] = typeof part.value === 'string' ? storable(part.value) : part.value;
        continue;
      }
      if (upload) throw tooManyFiles();
      const { survey_id, type } = parseFields(fields);
      const access = await authorizeDialog(ctx, userId, survey_id, 'configure');
      await ensureMediaDir(dir);
      const [tmpPath, size] = await receiveFile(dir, type, part.file);
      upload = { access, type, tmpPath, size, originalName: displayName(part.filename) };
    }
  } catch (err) {
    if (upload) await rm(upload.tmpPath, { force: true });
    throw err;
  }
  if (!upload) {
    parseFields(fields);
    throw badRequest('file: fehlt');
  }
  return storeUpload(ctx, upload);
}

function parseFields(fields: Record<string, unknown>) {
  const parsed = uploadMediaFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`${issue.path.join('.')}: ${issue.message} (survey_id und type vor der Datei senden)`);
  }
  return parsed.data;
}

async function storeUpload(ctx: AppContext, upload: Upload): Promise<MediaFile> {
  const rules = MEDIA_RULES[upload.type];
  const sniffed = upload.size > 0 ? await fileTypeFromFile(upload.tmpPath) : undefined;
  if (!sniffed || !rules.mimes.includes(sniffed.mime)) {
    await rm(upload.tmpPath, { force: true });
    throw badRequest(
      `Der Dateiinhalt passt nicht zu ${MEDIA_TYPE_LABELS[upload.type]}: erlaubt sind ${rules.label}.`,
      'unsupported_media',
    );
  }
  const filename = newMediaFilename(sniffed.ext);
  await mediaStore(ctx.config).putFile(filename, upload.tmpPath, sniffed.mime);
  try {
    const row = await queries.insertMedia(ctx.db, {
      survey_id: upload.access.survey.id,
      filename_db: filename,
      type: upload.type,
      location: `${MEDIA_URL_PREFIX}${filename}`,
      mime: sniffed.mime,
      size: upload.size,
      original_name: upload.originalName,
      misc: JSON.stringify({ ext: sniffed.ext }),
      created_at: ctx.now(),
    });
    return mediaFileFromRow(row, upload.access.survey.survey_id);
  } catch (err) {
    await removeMediaFiles(ctx.config, [filename]);
    throw err;
  }
}

export async function listMediaFiles(ctx: Pick<AppContext, 'db'>, access: DialogAccess) {
  const rows = await queries.listMedia(ctx.db, access.survey.id);
  return { media_files: rows.map((r) => mediaFileFromRow(r, access.survey.survey_id)) };
}

const SERVED_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/**
 * GET /media/:filename: the folder and the sniffed type of a stored file, which is served only while its
 * row exists; a name of another form is never looked up.
 */
export async function servedMediaFile(ctx: Pick<AppContext, 'db' | 'config'>, filename: string) {
  const row = SERVED_NAME.test(filename) ? await queries.findMediaByFilename(ctx.db, filename) : undefined;
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  return { dir: mediaDir(ctx.config), mime: row.mime };
}
