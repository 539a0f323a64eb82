import { describe, expect, it } from 'vitest';
import type { MediaFile, MediaType } from '../../../../contract/media.ts';
import { filesFor, formatSize, isImage, mediaKindOf } from './media-kinds.ts';

const file = (filename_db: string, type: MediaType) => ({ filename_db, type }) as MediaFile;

describe('media kinds', () => {
  const files = [
    file('a.png', 'image'),
    file('b.png', 'avatar'),
    file('c.mp3', 'audio'),
    file('d.png', 'logo'),
  ];

  it('offers the files that fit each use', () => {
    expect(filesFor(files, 'image').map((f) => f.filename_db)).toEqual(['a.png', 'b.png', 'd.png']);
    expect(filesFor(files, 'avatar').map((f) => f.filename_db)).toEqual(['a.png', 'b.png']);
    expect(filesFor(files, 'audio').map((f) => f.filename_db)).toEqual(['c.mp3']);
    expect(filesFor(files, 'video')).toEqual([]);
    expect(isImage(files[3]!)).toBe(true);
    expect(mediaKindOf('logo')).toBe('image');
    expect(mediaKindOf('video')).toBe('video');
  });

  it('formats sizes', () => {
    expect(formatSize(1536 * 1024)).toBe('1,5 MB');
    expect(formatSize(2048)).toBe('2 KB');
  });
});
