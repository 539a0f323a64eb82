import { useCallback, useMemo } from 'react';
import type { ClientConfig } from '../../../contract/chat.ts';
import type { ApiClient } from '../../api/client.ts';
import { type GroupChat, type Speaker, speakerOf } from '../../chat-kit/group-chat.ts';
import { publicDialogApi } from '../../chat-kit/public-dialog-api.ts';
import { useLoad } from '../../lib/use-load.ts';

/** A game's dialogs' client configs by survey_id; null: that dialog's config could not be loaded. */
export type GameConfigs = Readonly<Record<string, ClientConfig | null>>;

/**
 * The client configs of the dialogs other than startId (GET /api/get_config each), all requested at once;
 * a failed one is null instead of failing the others.
 */
export async function loadGameConfigs(
  api: ApiClient,
  surveyIds: readonly string[],
  startId: string,
): Promise<GameConfigs> {
  const others = [...new Set(surveyIds)].filter((id) => id !== startId);
  const configs = await Promise.all(
    others.map((id) =>
      publicDialogApi(api, id)
        .config()
        .catch((): ClientConfig | null => null),
    ),
  );
  return Object.fromEntries(others.map((id, i) => [id, configs[i] ?? null]));
}

/**
 * A game as a group chat (contract/multichat.ts: every message carries its dialog, and the bot's avatar
 * and look follow it): each connected dialog's client config is loaded once per game screen, in
 * parallel, while the screen loads the start dialog's look (passed in as start, not fetched again). A
 * dialog whose config failed or has not arrived yet speaks without name and picture, never as another.
 * inactive: a loaded config says its dialog is not live (the live game would be refused); settled: every
 * config has answered (or failed), so inactive is known.
 */
export function useGameSpeakers(
  api: ApiClient,
  game: { surveyIds: readonly string[]; startId: string; title: string; mediaBase: string | null },
  start: ClientConfig | null,
): { group: GroupChat; inactive: boolean; settled: boolean } {
  const { surveyIds, startId, title, mediaBase } = game;
  const load = useCallback(() => loadGameConfigs(api, surveyIds, startId), [api, surveyIds, startId]);
  const others = useLoad(load);
  const loaded = others.status === 'ready' ? others.data : null;
  return useMemo(() => {
    const configs: Record<string, ClientConfig | null> = { ...loaded, [startId]: start };
    const speakers: Record<string, Speaker> = {};
    for (const [id, config] of Object.entries(configs)) {
      if (config) speakers[id] = speakerOf(config, mediaBase);
    }
    return {
      group: { title, speakers, startId },
      inactive: Object.values(configs).some((c) => c?.active === false),
      settled: loaded !== null && start !== null,
    };
  }, [loaded, start, startId, title, mediaBase]);
}
