import { z } from 'zod';
import { surveyIdSchema } from './dialogs.ts';
import { MEDIA_TYPE_LABELS as mediaTypeLabels } from './labels.ts';

/** The media calls (SPEC §3 "Media file"): upload, list, delete; files are served at /media/<filename_db>. */

export const MEDIA_TYPES = ['logo', 'avatar', 'image', 'audio', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const mediaTypeSchema = z.enum(MEDIA_TYPES, {
  error: 'muss logo, avatar, image, audio oder video sein',
});

export const MEDIA_TYPE_LABELS: Record<MediaType, string> = mediaTypeLabels;

const MB = 1024 * 1024;
const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/**
 * What each upload type accepts, checked against the sniffed content (never the name or the client's
 * mime). SVG is not accepted: it can carry scripts and would be served from our own origin.
 */
export const MEDIA_RULES: Record<MediaType, { maxBytes: number; mimes: readonly string[]; label: string }> = {
  logo: { maxBytes: 2 * MB, mimes: IMAGE_MIMES, label: 'PNG, JPEG, GIF oder WebP' },
  avatar: { maxBytes: 2 * MB, mimes: IMAGE_MIMES, label: 'PNG, JPEG, GIF oder WebP' },
  image: { maxBytes: 5 * MB, mimes: IMAGE_MIMES, label: 'PNG, JPEG, GIF oder WebP' },
  audio: {
    maxBytes: 20 * MB,
    mimes: ['audio/mpeg', 'audio/ogg', 'audio/opus', 'audio/wav', 'audio/aac', 'audio/x-m4a', 'audio/webm'],
    label: 'MP3, OGG, Opus, WAV, AAC, M4A oder WebM',
  },
  video: {
    maxBytes: 100 * MB,
    mimes: ['video/mp4', 'video/webm', 'video/quicktime', 'video/ogg'],
    label: 'MP4, WebM, MOV oder OGG',
  },
};
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_RULES).map((r) => r.maxBytes));

export const mediaFileSchema = z.object({
  survey_id: z.string(),
  filename_db: z.string(),
  type: mediaTypeSchema,
  /** Where the file is served: /media/<filename_db>. */
  location: z.string(),
  /** The sniffed file extension and any later metadata. */
  misc: z.record(z.string(), z.unknown()),
  mime: z.string(),
  size: z.number().int(),
  original_name: z.string(),
  created_at: z.number().int(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** The non-file fields of POST /api/upload_media; they must come before the file part. */
export const uploadMediaFields = z.object({ survey_id: surveyIdSchema, type: mediaTypeSchema });
export const mediaListResponse = z.object({ media_files: z.array(mediaFileSchema) });
export const deleteMediaRequest = z.object({
  survey_id: surveyIdSchema,
  filename_db: z.string().min(1, 'darf nicht leer sein').max(100, 'höchstens 100 Zeichen'),
});
