import type { Block } from '../../contract/blocks.ts';
import { delayToSeconds, preview, type TextItem } from '../../contract/text-content.ts';

/** One item as plain text for compact previews (graph nodes, jump targets). */
export function itemText(item: TextItem, language = 'de'): string {
  switch (item.kind) {
    case 'text':
      return item.text;
    case 'delay':
      // In words: the stopwatch emoji is missing from many systems' fonts and showed as an empty box.
      return `Pause ${delayToSeconds(item.ms).toLocaleString(language)} s`;
    case 'image':
      return `🖼 ${mediaLabel(item)}`;
    case 'audio':
      return `🔊 ${mediaLabel(item)}`;
    case 'video':
      return `🎬 ${mediaLabel(item)}`;
    case 'link':
      return `🔗 ${mediaLabel(item)}`;
    case 'file':
      return `📎 ${mediaLabel(item)}`;
  }
}

/** The SPEC §9 preview as one line: 2 items and an ellipsis when the text is longer than 100 characters. */
export function previewText(content: string, language = 'de'): string {
  const { items, truncated } = preview(content);
  const text = items.map((i) => itemText(i, language)).join(' · ');
  return truncated ? `${text} …` : text;
}

/** The block as one line: its short name, else the preview of its text, else its position. */
export function blockTitle(block: Block, language = 'de'): string {
  return block.short_name || previewText(block.context, language) || `#${block.order}`;
}

/** A short text for a non-text item in previews and lists. */
function mediaLabel(item: TextItem): string {
  switch (item.kind) {
    case 'link':
      return item.label ?? item.url;
    case 'file':
      return item.filename;
    case 'image':
    case 'audio':
    case 'video':
      return 'filename' in item.source ? item.source.filename : item.source.url;
    default:
      return '';
  }
}
