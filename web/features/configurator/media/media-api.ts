import { useQuery } from '@tanstack/react-query';
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
