/** Messages of the media area's refusals. */
export const MEDIA_NOT_FOUND = 'Mediendatei nicht gefunden.';
