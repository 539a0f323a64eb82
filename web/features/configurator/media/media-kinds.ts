import type { MediaFile, MediaType } from '../../../../contract/media.ts';
import type { MediaKind } from '../../../../contract/text-content.ts';

/** Which uploaded files fit where: every image type shows as an image, audio and video as themselves. */
const FITS: Record<MediaKind | 'logo' | 'avatar' | 'background', readonly MediaType[]> = {
  image: ['image', 'avatar', 'logo'],
  audio: ['audio'],
  video: ['video'],
  avatar: ['avatar', 'image'],
  logo: ['logo', 'image'],
  background: ['image'],
};
export type MediaUse = keyof typeof FITS;

export const filesFor = (files: readonly MediaFile[], use: MediaUse) =>
  files.filter((f) => FITS[use].includes(f.type));

export const isImage = (f: Pick<MediaFile, 'type'>) => FITS.image.includes(f.type);

/** The block type media shows one file of any kind. */
export const mediaKindOf = (type: MediaType): MediaKind =>
  type === 'audio' ? 'audio' : type === 'video' ? 'video' : 'image';

/** "1,2 MB" / "850 KB" for the media list. */
export function formatSize(bytes: number, language = 'de'): string {
  const fmt = (n: number) => n.toLocaleString(language, { maximumFractionDigits: 1 });
  return bytes >= 1024 * 1024 ? `${fmt(bytes / 1024 / 1024)} MB` : `${fmt(Math.max(1, bytes / 1024))} KB`;
}
