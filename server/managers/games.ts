import type { GameAlias, GameMeta } from '../../contract/managers.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { MANAGER_NOT_FOUND } from './errors.ts';
import { connectedSurveysOf, findManager } from './queries.ts';

/** A manager as a public game (SPEC §9): its page head and the dialogs a player registers for. */

/** A fixed game's alias resolves to its configured manager id (SPEC §9). */
export function gameManagerId(
  config: Pick<Config, 'MULTICHAT_FLOW_ID' | 'MULTICHAT_AUFDERFLUCHT_ID'>,
  id: number | GameAlias,
) {
  if (id === 'flow') return config.MULTICHAT_FLOW_ID;
  if (id === 'aufderflucht') return config.MULTICHAT_AUFDERFLUCHT_ID;
  return id;
}

/** GET /api/game_meta/{id}, public: the game's page head (title, description, favicon, social preview). */
export async function gameMeta(
  ctx: Pick<AppContext, 'db' | 'config'>,
  id: number | GameAlias,
): Promise<GameMeta> {
  const row = await findManager(ctx.db, gameManagerId(ctx.config, id));
  if (!row) throw notFound(MANAGER_NOT_FOUND);
  const connected = await connectedSurveysOf(ctx.db, [row.id]);
  // The game calls refuse a game with a dialog that is not live, so nobody may play it; its dialog ids
  // stay unpublished: with them the public dialog calls (get_config, get_privacy_declaration) would
  // name drafts. The page says that the game is not active.
  const active = connected.every((c) => c.active === 1);
  return {
    dialog_manager_id: row.id,
    game_title: row.game_title,
    description: row.description,
    favicon: row.favicon,
    meta_image: row.meta_image,
    meta_text: row.meta_text,
    active,
    survey_ids: active ? connected.map((c) => c.survey_id) : [],
    media_base_url: ctx.config.GAME_MEDIA_BASE_URL ?? null,
  };
}
