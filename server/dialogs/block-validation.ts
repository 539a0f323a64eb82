import { type BlockContent, blockContentSchemas, blockTypeSchema } from '../../contract/blocks.ts';
import { type ApiError, badRequest } from '../http/errors.ts';

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** A 400 naming up to five fields under prefix, as the request validation does. */
export function validationError(prefix: string, issues: readonly IssueLike[]): ApiError {
  const msg = issues
    .slice(0, 5)
    .map((i) => `${[prefix, ...i.path.map(String)].filter((p) => p !== '').join('.')}: ${i.message}`)
    .join('; ');
  return badRequest(msg);
}

/** Validates candidate content with its type's schema; a failure names the field under prefix. */
export function validateContent(candidate: Record<string, unknown>, prefix: string): BlockContent {
  const type = blockTypeSchema.safeParse(candidate.type);
  if (!type.success)
    throw validationError(prefix, [{ path: ['type'], message: 'ist kein bekannter Blocktyp' }]);
  const parsed = blockContentSchemas[type.data].safeParse(candidate);
  if (!parsed.success) throw validationError(prefix, parsed.error.issues);
  return parsed.data as BlockContent;
}
