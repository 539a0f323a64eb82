import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaType } from '../../../../contract/media.ts';
import { ApiError } from '../../../api/client.ts';
import { useApi } from '../../../route-context.ts';
import { configuratorApi } from '../api.ts';
import { useConfiguratorStore } from '../store.ts';

export const mediaKey = (surveyId: string | null) => ['media', surveyId] as const;

/** The media files of the open dialog (POST /api/get_media_list). */
export function useMediaList() {
  const surveyId = useConfiguratorStore((s) => s.surveyId);
  const api = useApi();
  return useQuery({
    queryKey: mediaKey(surveyId),
    queryFn: () => configuratorApi(api).mediaList(surveyId ?? ''),
    enabled: surveyId !== null,
    select: (data) => data.media_files,
    staleTime: 60_000,
  });
}

/**
 * An upload to the open dialog's media (POST /api/upload_media), the list reloaded after it: the Medien
 * panel and a media item of a text alike. failure: the server's German message when it refused.
 */
export function useUploadMedia() {
  const surveyId = useConfiguratorStore((s) => s.surveyId ?? '');
  const api = useApi();
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: ({ type, file }: { type: MediaType; file: File }) =>
      configuratorApi(api).uploadMedia(surveyId, type, file),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKey(surveyId) }),
    onError: (error) => console.error('upload_media failed', error),
  });
  const failure =
    upload.error instanceof ApiError
      ? upload.error.msg || upload.error.title
      : upload.error
        ? String(upload.error)
        : null;
  return { upload, failure };
}
