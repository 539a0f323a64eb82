import { parse } from '../../../../contract/text-content.ts';
import { itemText } from '../../../lib/preview-text.ts';

/** Fields whose value is text content (bubbles, media, pauses): shown as the editor's preview shows it. */
const TEXT_CONTENT_FIELDS = new Set([
  'context',
  'question',
  'nachfrage',
  'acknowledgement',
  'welcome',
  'ending',
]);
/** Jumps, where an empty target means the next block. */
const JUMP_FIELDS = new Set(['jump_to_ids', 'jump_to_question']);

/**
 * A changed field's value as one readable line: text content item by item, lists joined, ids of blocks
 * by the names the lookup knows, yes/no for flags; an empty jump is the next block.
 */
export function formatDiffValue(
  field: string,
  value: unknown,
  words: { empty: string; next: string; yes: string; no: string; name(id: string): string | undefined },
  language = 'de',
): string {
  if ((value === '' || value === null) && JUMP_FIELDS.has(field)) return words.next;
  if (value === null || value === undefined || value === '') return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') {
    if (TEXT_CONTENT_FIELDS.has(field)) {
      const text = parse(value)
        .map((item) => itemText(item, language))
        .join(' · ');
      return text || words.empty;
    }
    return words.name(value) ?? value;
  }
  if (typeof value === 'number') return value.toLocaleString(language);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.empty;
    return value.map((v) => formatDiffValue(field, v, words, language)).join(' | ');
  }
  return JSON.stringify(value);
}
