import { z } from 'zod';
import { apiErrorSchema } from '../api-error.ts';
import { successResponse, surveyRequest } from '../dialogs.ts';
import { endpoint } from '../endpoint.ts';
import {
  deleteMediaRequest,
  MEDIA_RULES,
  mediaFileSchema,
  mediaListResponse,
  uploadMediaFields,
} from '../media.ts';

const tags = ['media'];

/** Media upload, list, delete, and public serving of the files (SPEC §3 "Media file"). */
export const mediaEndpoints = {
  uploadMedia: endpoint({
    method: 'POST',
    path: '/api/upload_media',
    // The dialog is named inside the multipart body: its right is checked once survey_id has arrived.
    caller: 'author',
    multipart: true,
    tags,
    summary: 'Upload a media file',
    description:
      'multipart/form-data with the fields survey_id and type (logo, avatar, image, audio, video) ' +
      'followed by the file part. The content is sniffed; allowed formats and size limits per type ' +
      'are MEDIA_RULES in contract/media.ts. 413 when the file is too large.',
    body: uploadMediaFields,
    response: mediaFileSchema,
    errors: { 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema },
  }),
  getMediaList: endpoint({
    method: 'POST',
    path: '/api/get_media_list',
    caller: 'author',
    // The configurator's Medien panel: names and sizes of unused uploads are none of the roles that
    // only train or analyse.
    dialog: 'configure',
    tags,
    summary: 'The media files of a dialog (the configurator capability)',
    body: surveyRequest,
    response: mediaListResponse,
  }),
  deleteMedia: endpoint({
    method: 'POST',
    path: '/api/delete_media',
    caller: 'author',
    dialog: 'configure',
    tags,
    summary: 'Delete a media file; 409 while a block or the settings still use it',
    body: deleteMediaRequest,
    response: successResponse,
    errors: { 409: apiErrorSchema },
  }),
  mediaFile: endpoint({
    method: 'GET',
    path: '/media/:filename',
    caller: 'public',
    tags,
    summary: 'A media file, public (live chats show them); ranges supported for audio and video',
    params: z.object({ filename: z.string().max(100) }),
    produces: [...new Set(Object.values(MEDIA_RULES).flatMap((rule) => rule.mimes))],
    response: z.unknown(),
    errors: { 404: apiErrorSchema },
  }),
};
