import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { ApiError } from './errors.ts';

function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = (err as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** One error format for every failure: { title, msg } with the HTTP status; never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const msg = error.validation
        .slice(0, 5)
        .map(
          (v) =>
            `${v.instancePath === '/' ? where : v.instancePath.slice(1).replaceAll('/', '.')}: ${v.message}`,
        )
        .join('; ');
      return reply.code(400).send({ title: ERROR_TITLES.validation, msg });
    }
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ title: error.title, msg: error.msg });
    }
    if (isUniqueViolation(error)) {
      return reply.code(409).send({ title: ERROR_TITLES.conflict, msg: 'Dieser Eintrag existiert bereits.' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ title: error.code ?? 'bad_request', msg: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ title: ERROR_TITLES.internal, msg: `${MESSAGES.genericError} (500)` });
  });
}
