import { z } from 'zod';
import { apiErrors } from '../api-error.ts';
import { successResponse, surveyRequest } from '../dialogs.ts';
import { endpoint, postGroup } from '../endpoint.ts';
import {
  deleteMediaRequest,
  MEDIA_RULES,
  mediaFileSchema,
  mediaListResponse,
  uploadMediaFields,
} from '../media.ts';

const authorCall = postGroup('media');

/** Media upload, list, delete, and public serving of the files (SPEC §3 "Media file"). */
export const mediaEndpoints = {
  uploadMedia: authorCall({
    path: '/api/upload_media',
    // The dialog is named inside the multipart body: its right is checked once survey_id has arrived.
    multipart: true,
    summary: 'Upload a media file',
    description:
      'multipart/form-data with the fields survey_id and type (logo, avatar, image, audio, video) ' +
      'followed by the file part. The content is sniffed; allowed formats and size limits per type ' +
      'are MEDIA_RULES in contract/media.ts. 413 when the file is too large.',
    body: uploadMediaFields,
    response: mediaFileSchema,
    errors: apiErrors(404, 409, 413),
  }),
  getMediaList: authorCall({
    path: '/api/get_media_list',
    // The configurator's Medien panel: names and sizes of unused uploads are none of the roles that
    // only train or analyse.
    dialog: 'configure',
    summary: 'The media files of a dialog (the configurator capability)',
    body: surveyRequest,
    response: mediaListResponse,
  }),
  deleteMedia: authorCall({
    path: '/api/delete_media',
    dialog: 'configure',
    summary: 'Delete a media file; 409 while a block or the settings still use it',
    body: deleteMediaRequest,
    response: successResponse,
    errors: apiErrors(409),
  }),
  mediaFile: endpoint({
    method: 'GET',
    path: '/media/:filename',
    caller: 'public',
    tags: ['media'],
    summary: 'A media file, public (live chats show them); ranges supported for audio and video',
    params: z.object({ filename: z.string().max(100) }),
    produces: [...new Set(Object.values(MEDIA_RULES).flatMap((rule) => rule.mimes))],
    response: z.unknown(),
    errors: apiErrors(404),
  }),
};
