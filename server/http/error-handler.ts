import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import pg from 'pg';
import { type ApiErrorBody, ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { ApiError } from './errors.ts';

function errorCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null && 'code' in err
    ? (err as { code: unknown }).code
    : undefined;
}

function isUniqueViolation(err: unknown): boolean {
  const code = errorCode(err);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A row refers to one that a parallel request just deleted (e.g. an upload while its dialog is deleted). */
function isForeignKeyViolation(err: unknown): boolean {
  const code = errorCode(err);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * PostgreSQL data exceptions caused by the value a client sent (SQLite stores these as given): a NUL
 * character in text, a number out of range, a string the column type cannot read.
 */
const REFUSED_VALUE_CODES = new Set(['22021', '22P05', '22001', '22003', '22P02', '22007', '22008']);

function isRefusedValue(err: unknown): boolean {
  return err instanceof pg.DatabaseError && err.code !== undefined && REFUSED_VALUE_CODES.has(err.code);
}

/**
 * The database cannot take or answer requests just now: the disk is full, a file or the network fails,
 * PostgreSQL is out of reach, shutting down or out of connections, or a statement ran out of time. Not
 * the request's fault and usually over soon, so it is answered 503 server_busy (the chat shows its
 * banner and the respondent may retry); the cause is logged as an error.
 */
const UNAVAILABLE_SQLITE = /^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|NOMEM)/;
const UNAVAILABLE_PG = new Set(['53100', '53200', '53300', '57P01', '57P02', '57P03', '57014']);
const UNAVAILABLE_NET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
const UNAVAILABLE_PG_CLIENT =
  /^(timeout exceeded when trying to connect|Query read timeout|Connection terminated)/;

function isStorageUnavailable(err: unknown): boolean {
  const code = errorCode(err);
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLITE.test(code) || UNAVAILABLE_PG.has(code) || UNAVAILABLE_NET.has(code)) return true;
    if (code.startsWith('08')) return true;
  }
  return err instanceof Error && UNAVAILABLE_PG_CLIENT.test(err.message);
}

/** German answers for the framework's own 4xx errors (body parsing, URLs) instead of its English texts. */
const BY_CODE: Record<string, ApiErrorBody> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { title: ERROR_TITLES.validation, msg: 'body: kein gültiges JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    title: ERROR_TITLES.validation,
    msg: 'body: fehlt, obwohl Content-Type application/json angegeben ist',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    title: ERROR_TITLES.validation,
    msg: 'body: Länge passt nicht zum Header Content-Length',
  },
  FST_ERR_BAD_URL: { title: ERROR_TITLES.validation, msg: 'Die Adresse enthält ungültige Zeichen.' },
  FST_ERR_MAX_PARAM_LENGTH: { title: ERROR_TITLES.validation, msg: 'Die Adresse ist zu lang.' },
};
const BY_STATUS: Record<number, ApiErrorBody> = {
  413: { title: ERROR_TITLES.payloadTooLarge, msg: 'Die Anfrage ist zu groß.' },
  415: {
    title: ERROR_TITLES.unsupportedMediaType,
    msg: 'Dieses Format wird nicht unterstützt. Bitte JSON senden (Content-Type: application/json).',
  },
};
const INVALID_REQUEST: ApiErrorBody = { title: ERROR_TITLES.validation, msg: 'Die Anfrage ist ungültig.' };

/** One error format for every failure: { title, msg } with the HTTP status; never a stack trace. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const msg = error.validation
      .slice(0, 5)
      .map((v) => {
        const field = v.instancePath === '/' ? where : v.instancePath.slice(1).replaceAll('/', '.');
        // Some contract messages already name their field ("action: muss …"): said once, not twice.
        return v.message?.startsWith(`${field}: `) ? v.message : `${field}: ${v.message}`;
      })
      .join('; ');
    return reply.code(400).send({ title: ERROR_TITLES.validation, msg });
  }
  if (error instanceof ApiError) {
    return reply.code(error.status).send({ ...error.details, title: error.title, msg: error.msg });
  }
  if (isUniqueViolation(error)) {
    return reply.code(409).send({ title: ERROR_TITLES.conflict, msg: 'Dieser Eintrag existiert bereits.' });
  }
  if (isForeignKeyViolation(error)) {
    return reply
      .code(404)
      .send({ title: ERROR_TITLES.notFound, msg: 'Der zugehörige Eintrag wurde inzwischen gelöscht.' });
  }
  if (isRefusedValue(error)) {
    // Logged because a refused value can also point at a query that passes the wrong type.
    request.log.warn({ err: error }, 'database refused a value');
    return reply.code(400).send({
      title: ERROR_TITLES.validation,
      msg: 'Die Eingabe enthält Zeichen oder Werte, die nicht gespeichert werden können.',
    });
  }
  if (isStorageUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return reply.code(503).send({ title: ERROR_TITLES.serverBusy, msg: MESSAGES.serverBusy });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(BY_CODE[error.code] ?? BY_STATUS[status] ?? INVALID_REQUEST);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ title: ERROR_TITLES.internal, msg: `${MESSAGES.genericError} (500)` });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/** Fastify's `frameworkErrors` option: URL errors found before routing get the same format. */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  answerError(error, request, reply);
};
