import {
  ITEM_SEPARATOR,
  isEncodableItem,
  MAX_DELAY_MS,
  type MediaKind,
  parse,
  secondsToDelay,
  serialize,
  type TextItem,
} from '../../../../contract/text-content.ts';

/**
 * The model behind the text-content editor (SPEC §3 encoding): each item of the content is one bubble
 * with a stable key for React; the editor never writes a content that would not decode to the same
 * items (contract/text-content.ts isEncodableItem).
 */
export interface EditorItem {
  key: number;
  item: TextItem;
}

export const ITEM_KINDS = ['text', 'delay', 'image', 'audio', 'video', 'link', 'file'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

let nextKey = 1;
const keyed = (item: TextItem): EditorItem => ({ key: nextKey++, item });

export const fromContent = (content: string): EditorItem[] => parse(content).map(keyed);
export const toContent = (items: readonly EditorItem[]): string => serialize(items.map((i) => i.item));

const DEFAULT_DELAY_MS = 1000;

export function newItem(kind: ItemKind): EditorItem {
  switch (kind) {
    case 'text':
      return keyed({ kind: 'text', text: '' });
    case 'delay':
      return keyed({ kind: 'delay', ms: DEFAULT_DELAY_MS });
    case 'link':
      return keyed({ kind: 'link', url: '', label: null });
    case 'file':
      return keyed({ kind: 'file', filename: '' });
    default:
      return keyed({ kind, source: { url: '' } });
  }
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items.slice();
  const next = items.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export type ItemErrorKey =
  | 'separator'
  | 'prefix'
  | 'emptyText'
  | 'delayRange'
  | 'mediaMissing'
  | 'url'
  | 'linkLabel'
  | 'fileMissing';

const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const isMedia = (kind: string): kind is MediaKind => kind === 'image' || kind === 'audio' || kind === 'video';

/** Why an item cannot be saved as it is, or null. alone: it is the only item of the content. */
export function itemError(item: TextItem, alone: boolean): ItemErrorKey | null {
  switch (item.kind) {
    case 'text':
      if (item.text.includes(ITEM_SEPARATOR) || item.text.endsWith('§')) return 'separator';
      if (!isEncodableItem(item)) return 'prefix';
      return item.text.trim() === '' && !alone ? 'emptyText' : null;
    case 'delay':
      return Number.isInteger(item.ms) && item.ms >= 0 && item.ms <= MAX_DELAY_MS ? null : 'delayRange';
    case 'link':
      if (!HTTP_URL.test(item.url) || !isEncodableItem(item)) return 'url';
      return item.label !== null && !isEncodableItem({ kind: 'text', text: item.label }) ? 'linkLabel' : null;
    case 'file':
      return item.filename === '' ? 'fileMissing' : isEncodableItem(item) ? null : 'fileMissing';
    default:
      if (!isMedia(item.kind)) return null;
      if ('filename' in item.source) return item.source.filename === '' ? 'mediaMissing' : null;
      if (item.source.url === '') return 'mediaMissing';
      return HTTP_URL.test(item.source.url) && isEncodableItem(item) ? null : 'url';
  }
}

/** The errors of all items; an empty list means the content can be saved. */
export function itemErrors(items: readonly EditorItem[]): (ItemErrorKey | null)[] {
  return items.map((i) => itemError(i.item, items.length === 1));
}

/**
 * What is saved of the items: a media item without a file or address yet is left out (the editor
 * keeps it, marked), so it never holds back the rest of the text; blocked: another item is invalid.
 */
export function savedItems(items: readonly EditorItem[]): { items: EditorItem[]; blocked: boolean } {
  const errors = itemErrors(items);
  const kept = items.filter((_, i) => errors[i] !== 'mediaMissing');
  return { items: kept, blocked: errors.some((e) => e !== null && e !== 'mediaMissing') };
}

/** Inserts a {{variable}} chip at the caret (or over the selection); returns text and new caret. */
export function insertVariable(text: string, start: number, end: number, name: string) {
  const chip = `{{${name}}}`;
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + chip + text.slice(to), caret: from + chip.length };
}

/** Seconds as the author types them ("1,5") to a delay in ms; undefined when not a number. */
export function secondsInput(text: string): number | undefined {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) ? secondsToDelay(n) : undefined;
}
