import type { Block } from '../../../../contract/blocks.ts';
import { parse } from '../../../../contract/text-content.ts';

/**
 * The uploaded files a block uses (the graph's "selected files" of the selected node): its own media
 * file and every uploaded image, audio, video or file item in its texts, each once, in order.
 */
export function blockFiles(block: Block): string[] {
  const texts = [block.context, block.nachfrage, block.acknowledgement, ...block.jump_to_reactions];
  const names: string[] = block.filename_db ? [block.filename_db] : [];
  for (const text of texts) {
    for (const item of parse(text)) {
      if (item.kind === 'file') names.push(item.filename);
      else if (
        (item.kind === 'image' || item.kind === 'audio' || item.kind === 'video') &&
        'filename' in item.source
      ) {
        names.push(item.source.filename);
      }
    }
  }
  return [...new Set(names.filter((n) => n !== ''))];
}
