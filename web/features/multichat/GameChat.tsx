import { type ReactNode, useMemo } from 'react';
import type { GameMeta } from '../../../contract/managers.ts';
import type { RouteMeta } from '../../../contract/routes.ts';
import { ChatView } from '../../chat-kit/ChatView.tsx';
import type { ChatLook } from '../../chat-kit/chat-look.ts';
import type { GroupChat } from '../../chat-kit/group-chat.ts';
import styles from '../../chat-kit/live-bar/live-bar.module.css';
import { PopupButton } from '../../chat-kit/live-bar/PopupButton.tsx';
import type { RespondentTexts } from '../../chat-kit/respondent-texts.ts';
import type { ChatSession } from '../../chat-kit/session/chat-types.ts';

/**
 * A multi-dialog chat (a game) on screen, for players and for the author's test alike: a group chat in
 * which every dialog speaks with its own avatar and name (look: the frame, from the start dialog), with
 * the game's closing notice and, since game routes have no top bar (SPEC §2), a restart in its header.
 */
export function GameChat(props: {
  session: ChatSession;
  look: ChatLook;
  group: GroupChat;
  texts: RespondentTexts;
  remember: boolean;
  onRestart(): void;
  footer?: ReactNode;
  /** Focus to the first input as soon as it shows (ChatView: the player has just consented). */
  focusFirstInput?: boolean;
}) {
  const { texts } = props;
  const gameTexts = useMemo(() => ({ ...texts, finished: texts.game.finished }), [texts]);
  return (
    <ChatView
      session={props.session}
      look={props.look}
      group={props.group}
      texts={gameTexts}
      remember={props.remember}
      actions={
        <div className={styles.actions}>
          <PopupButton
            title={texts.game.restart}
            icon="restart"
            popup={texts.game.restartPopup}
            onConfirm={props.onRestart}
          />
        </div>
      }
      footer={props.footer}
      focusFirstInput={props.focusFirstInput}
    />
  );
}

/** The route's head with the game's own title, description, favicon and social image where it has them. */
export function gameRouteMeta(route: RouteMeta, game: GameMeta): RouteMeta {
  return {
    ...route,
    title: game.game_title || route.title,
    description: game.description || route.description,
    favicon: game.favicon || route.favicon,
    image: game.meta_image || route.image,
  };
}
