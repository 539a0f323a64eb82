import type { z } from 'zod';
import type { inboxItemSchema } from '../../../contract/training.ts';

export type InboxItem = z.infer<typeof inboxItemSchema>;
export type InboxOrder = 'newest' | 'confidence';

/** How sure the chat was of an entry's answer: its stored routing, else the entry's own confidence. */
export const inboxConfidence = (item: InboxItem): number => item.routed?.confidence ?? item.confidence ?? 0;

/**
 * The inbox as the author asked for it: newest first (as the server sends it), or least sure first
 * (ties keep the server's order).
 */
export function orderInbox(items: readonly InboxItem[], order: InboxOrder): InboxItem[] {
  if (order === 'newest') return [...items];
  return [...items].sort((a, b) => inboxConfidence(a) - inboxConfidence(b));
}
