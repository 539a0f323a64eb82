import { describe, expect, it } from 'vitest';
import { makeBlock } from '../../../../contract/test-data.ts';
import { blockFiles } from './node-files.ts';

describe('files of a node', () => {
  it('lists the media file and uploaded files in all texts, once each', () => {
    const block = makeBlock('a', 1, 'single_choice', {
      filename_db: 'own.png',
      context: 'Hallo§§image:file:a.png§§video:https://x.de/v.mp4',
      nachfrage: 'audio:file:b.mp3§§file:own.png',
      jump_to_reactions: ['file:c.pdf', ''],
    });
    expect(blockFiles(block)).toEqual(['own.png', 'a.png', 'b.mp3', 'c.pdf']);
    expect(blockFiles(makeBlock('b', 2))).toEqual([]);
  });
});
