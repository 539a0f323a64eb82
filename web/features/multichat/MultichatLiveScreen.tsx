import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GameAlias, GameMeta } from '../../../contract/managers.ts';
import { matchRoute } from '../../../contract/routes.ts';
import { liveApi } from '../../api/live-client.ts';
import styles from '../../chat-kit/chat.module.css';
import { chatLook, lookStyle } from '../../chat-kit/chat-look.ts';
import { gameLook } from '../../chat-kit/group-chat.ts';
import { ConsentPanel } from '../../chat-kit/respondent/ConsentPanel.tsx';
import { InactiveNotice } from '../../chat-kit/respondent/InactiveNotice.tsx';
import { WithdrawButton } from '../../chat-kit/respondent/WithdrawButton.tsx';
import { type RespondentTexts, respondentTexts } from '../../chat-kit/respondent-texts.ts';
import { clearHistory } from '../../chat-kit/session/history-store.ts';
import { useChatSession } from '../../chat-kit/session/use-chat-session.ts';
import { useDialogLook } from '../../chat-kit/use-dialog-look.ts';
import { useLoad } from '../../lib/use-load.ts';
import { applyRouteMeta } from '../../route-meta.ts';
import { useLiveAuthStore } from '../../state/live-auth.ts';
import { GameChat, gameRouteMeta } from './GameChat.tsx';
import { restartGame, withdrawFromGame } from './game-actions.ts';
import { gameMeta, multichatApi } from './game-api.ts';
import { liveMultichatSource } from './game-sources.ts';
import { useGameSpeakers } from './use-game-speakers.ts';

function Problem({ text, texts, retry }: { text: string; texts: RespondentTexts; retry?: () => void }) {
  return (
    <div className={styles.center} role="alert">
      <p>{text}</p>
      {retry ? (
        <button type="button" className={styles.primary} onClick={retry}>
          {texts.retry}
        </button>
      ) : null}
    </div>
  );
}

/** The game once its dialogs are known: consent, then the chat on the live token (game mode). */
function LiveGame({ game }: { game: GameMeta }) {
  const surveyIds = game.survey_ids;
  const startId = surveyIds[0] ?? '';
  // The game's frame and texts follow its start dialog's look and language; each dialog speaks as itself.
  const look = useDialogLook(liveApi, startId);
  const accepted = useLiveAuthStore((s) => s.storage_accepted);
  const ready = look.status === 'ready' ? look.data : null;
  const texts = respondentTexts(ready?.language, ready?.address);
  const chat = useMemo(() => gameLook(ready?.config, game.media_base_url), [ready, game.media_base_url]);
  const { group, inactive, settled } = useGameSpeakers(
    liveApi,
    { surveyIds, startId, title: game.game_title, mediaBase: game.media_base_url },
    ready?.config ?? null,
  );
  // Registered and begun only when every dialog is known to be live (a refused game registers nobody).
  const playable = ready !== null && accepted && settled && !inactive;
  const source = useMemo(
    () => (playable ? liveMultichatSource(game.dialog_manager_id, surveyIds) : null),
    [playable, game.dialog_manager_id, surveyIds],
  );
  const session = useChatSession(source, chat.speed, texts);
  // Consent given or withdrawn on this page: its button is gone, so focus moves on to what replaces it.
  const [changed, setChanged] = useState<'given' | 'withdrawn' | null>(null);
  const restart = useCallback(
    () =>
      void restartGame(multichatApi(liveApi, game.dialog_manager_id), () => {
        for (const id of surveyIds) clearHistory(id);
      }),
    [game.dialog_manager_id, surveyIds],
  );

  if (look.status === 'loading') return <p className={styles.center}>{texts.loading}</p>;
  if (look.status !== 'ready') {
    return <Problem text={texts.game.loadFailed} texts={texts} retry={look.retry} />;
  }
  // The live game would be refused (a connected dialog is not live): no consent, no registration.
  if (inactive) return <InactiveNotice look={chat} texts={texts} />;
  if (!accepted) {
    return (
      <div className={styles.chat} style={lookStyle(chat)}>
        <ConsentPanel
          surveyId={startId}
          texts={texts}
          onAccept={() => {
            setChanged('given');
            useLiveAuthStore.getState().setStorageAccepted(true);
          }}
          focusOnMount={changed === 'withdrawn'}
          game={{ title: game.game_title, description: game.meta_text }}
        />
      </div>
    );
  }
  return (
    <GameChat
      session={session}
      look={chat}
      group={group}
      texts={texts}
      remember
      onRestart={restart}
      footer={
        <WithdrawButton
          texts={texts}
          onConfirm={() => {
            setChanged('withdrawn');
            void withdrawFromGame(game.dialog_manager_id);
          }}
        />
      }
      focusFirstInput={changed === 'given'}
    />
  );
}

/**
 * The public games: /multi_live/{manager_id}, /flow and /aufderflucht (their manager ids are the
 * server's MULTICHAT_FLOW_ID and MULTICHAT_AUFDERFLUCHT_ID, resolved by game_meta). The page head
 * takes the game's own title, description, favicon and social image.
 */
export function MultichatLiveScreen({ game }: { game: number | GameAlias | null }) {
  const texts = respondentTexts(undefined);
  const load = useCallback(() => (game === null ? Promise.resolve(null) : gameMeta(liveApi, game)), [game]);
  const meta = useLoad(load);
  const data = meta.status === 'ready' ? meta.data : null;
  useEffect(() => {
    if (data) applyRouteMeta(gameRouteMeta(matchRoute(window.location.pathname), data));
  }, [data]);

  if (meta.status === 'loading') return <p className={styles.center}>{texts.loading}</p>;
  if (meta.status === 'failed')
    return <Problem text={texts.game.loadFailed} texts={texts} retry={meta.retry} />;
  if (meta.status === 'notFound' || !data) return <Problem text={texts.game.notFound} texts={texts} />;
  // A game with a dialog that is not live: the server keeps its dialogs (and so their look) to itself.
  if (!data.active) return <InactiveNotice look={chatLook(null)} texts={texts} />;
  if (data.survey_ids.length === 0) return <Problem text={texts.game.notFound} texts={texts} />;
  return <LiveGame game={data} />;
}
