import type { ClientConfig } from '../../contract/chat.ts';
import { mediaLocation } from '../../contract/text-content.ts';
import { type ChatLook, chatLook } from './chat-look.ts';

/**
 * Multi-dialog chats (SPEC §9): the game mode's look and who speaks in a group chat. Apart from
 * chat-look.ts, so the respondent entry's first paint (which needs the single dialog's look) does not
 * load the text-content encoding for them.
 *
 * A game's look (multi-dialog chats in game mode, SPEC §9): the start dialog's look with its uploads
 * (avatar, background, chat media) loaded from the game media host.
 */
export function gameLook(config: ClientConfig | null | undefined, mediaBase: string | null): ChatLook {
  const look = chatLook(config);
  const moved = (src: string | null) => (src === null ? null : mediaLocation(src, mediaBase));
  return { ...look, avatarSrc: moved(look.avatarSrc), background: moved(look.background), mediaBase };
}

/** Who writes a bot bubble in a multi-dialog chat: the avatar and name of the dialog it belongs to. */
export interface Speaker {
  name: string;
  avatarSrc: string | null;
}

/** A dialog whose client config could not be loaded: no name, no picture (never another's). */
export const UNKNOWN_SPEAKER: Speaker = { name: '', avatarSrc: null };

/** A dialog's speaker from its client config; game mode loads the avatar from the media host. */
export function speakerOf(config: ClientConfig, mediaBase: string | null = null): Speaker {
  const look = mediaBase === null ? chatLook(config) : gameLook(config, mediaBase);
  return { name: look.avatarName, avatarSrc: look.avatarSrc };
}

/**
 * A multi-dialog chat shown as a group chat: the game's title in the header and every bot bubble with
 * the avatar and name of its dialog (contract/multichat.ts: messages carry their survey_id).
 */
export interface GroupChat {
  /** The game's (manager's) title; '' : the header names the current speaker instead. */
  title: string;
  /** By survey_id; a dialog missing here speaks as UNKNOWN_SPEAKER. */
  speakers: Readonly<Record<string, Speaker>>;
  /** The dialog the game starts in: it writes first. */
  startId: string;
}

export function speakerFor(group: GroupChat, surveyId: string | undefined): Speaker {
  return (
    (surveyId !== undefined && Object.hasOwn(group.speakers, surveyId) && group.speakers[surveyId]) ||
    UNKNOWN_SPEAKER
  );
}
