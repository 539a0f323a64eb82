import { ROUTING_SOURCES, type Routed, type RoutingSource } from '../../contract/chat.ts';
import { NONE_BRANCH } from '../../contract/training.ts';

/** A free-text answer's routing as the answers table stores it (routing_source set: a routed answer). */
export interface StoredRouting {
  branch: string | null;
  confidence: number | string | null;
  routing_source: string | null;
  routing_reason: string | null;
}

const isSource = (s: string | null): s is RoutingSource =>
  s !== null && (ROUTING_SOURCES as readonly string[]).includes(s);

/**
 * The routing authors see: a null branch is 'keiner davon' (NONE_BRANCH); PostgreSQL may hand the
 * confidence over as a string.
 */
export function storedRouting(row: StoredRouting): Routed {
  return {
    branch: row.branch ?? NONE_BRANCH,
    confidence: Number(row.confidence ?? 0),
    source: isSource(row.routing_source) ? row.routing_source : 'model',
    ...(row.routing_reason ? { reason: row.routing_reason } : {}),
  };
}
