import { describe, expect, it } from 'vitest';
import { type InboxItem, inboxConfidence, orderInbox } from './inbox-order.ts';

const item = (id: number, confidence: number | null, routed?: number): InboxItem => ({
  id,
  unique_question_id: 'q1',
  text: `t${id}`,
  branch: 'Preis',
  confidence,
  flagged: false,
  created_at: id,
  routed: routed === undefined ? null : { branch: 'none', confidence: routed, source: 'model' },
});

describe('orderInbox', () => {
  it('keeps the server order for newest first', () => {
    const items = [item(3, 0.9), item(2, 0.1), item(1, 0.5)];
    expect(orderInbox(items, 'newest').map((i) => i.id)).toEqual([3, 2, 1]);
  });

  it('puts the least sure first, by the stored routing when there is one', () => {
    const items = [item(3, 0.9, 0.2), item(2, 0.1, 0.6), item(1, 0.5), item(4, null)];
    expect(orderInbox(items, 'confidence').map((i) => i.id)).toEqual([4, 3, 1, 2]);
    expect(inboxConfidence(items[0]!)).toBe(0.2);
  });
});
