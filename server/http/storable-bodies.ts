import type { FastifyInstance } from 'fastify';
import { storableDeep } from '../text/storable.ts';

/**
 * Every JSON body's text is made storable (server/text/storable.ts) before it is validated, so an
 * author's text with NUL or lone surrogates is stored the same way on SQLite and PostgreSQL, as chat
 * answers are. The query string and the path's parameters too: they name dialogs and blocks that are
 * looked up, and PostgreSQL would refuse a NUL in the lookup (a 400 naming no field) where SQLite
 * finds nothing (404); so both answer the same.
 */
export function registerStorableBodies(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request and never waits for anything.
  app.addHook('preValidation', (request, _reply, done) => {
    const json = request.headers['content-type']?.includes('json') ?? false;
    if (json && request.body !== null && typeof request.body === 'object') {
      request.body = storableDeep(request.body);
    }
    request.query = storableDeep(request.query);
    request.params = storableDeep(request.params);
    done();
  });
}
