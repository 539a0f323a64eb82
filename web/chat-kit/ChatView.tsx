import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../contract/chat.ts';
import { plainText } from '../../contract/text-content.ts';
import { useErrorStore } from '../state/error.ts';
import { playNotificationSound, useBusyNotice, useSoundSetting, useUnreadTitle } from './attention.ts';
import { Avatar, ChatHeader } from './ChatHeader.tsx';
import styles from './chat.module.css';
import { type ChatLook, lookStyle } from './chat-look.ts';
import { EndRedirect } from './EndRedirect.tsx';
import { type GroupChat, type Speaker, speakerFor } from './group-chat.ts';
import { AnswerInput } from './inputs/AnswerInput.tsx';
import { isTypedInput } from './inputs/input-kind.ts';
import { BotContent } from './MessageContent.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import type { RespondentTexts } from './respondent-texts.ts';
import type { AnswerValue, ChatSession, ChatTurn } from './session/chat-types.ts';

export interface ChatViewProps {
  session: ChatSession;
  look: ChatLook;
  texts: RespondentTexts;
  /** Whether settings (the sound switch) may be stored on this device. */
  remember: boolean;
  /** Buttons in the header (the widget's restart, cancel and privacy). */
  actions?: ReactNode;
  /** Something under a respondent entry (the assessment chat's 'Falsch zugeordnet'); seq is its index. */
  entryActions?: (message: ChatMessage, seq: number) => ReactNode;
  /** Below the input (withdrawing consent). */
  footer?: ReactNode;
  /** A finished chat's redirect is followed by itself (the live chat); else only its button shows. */
  followRedirect?: boolean;
  /**
   * Focus goes to the first input as soon as it shows (the respondent has just consented, so the
   * button that had focus is gone). Otherwise focus follows only once the respondent has answered.
   */
  focusFirstInput?: boolean;
  /**
   * A multi-dialog chat: every bot bubble speaks with its dialog's avatar and name, the typing indicator
   * names the dialog about to write and the header shows the game. Without it the dialog's look speaks.
   */
  group?: GroupChat;
}

type Entry = ChatTurn['messages'][number];

/** A group chat's speaker of a bot entry; the first bubble of a run (after a change) shows the name. */
function speakerAt(group: GroupChat, messages: readonly Entry[], i: number) {
  const m = messages[i];
  const before = messages[i - 1];
  const speaker = speakerFor(group, m?.survey_id);
  const first = before?.user_or_bot !== 'bot' || before.survey_id !== m?.survey_id;
  return { speaker, first };
}

/**
 * Who the header shows in a group chat: the game's title with its members, or without a title the
 * current speaker (the one writing now, else the last one who wrote, else the start dialog).
 */
function groupHeader(group: GroupChat, session: ChatSession) {
  const { messages, revealed } = session.state;
  const shown = messages.slice(0, revealed);
  let current = session.typing ? messages[revealed] : undefined;
  for (let i = shown.length - 1; current === undefined && i >= 0; i--) {
    if (shown[i]?.user_or_bot === 'bot') current = shown[i];
  }
  const speaker = speakerFor(group, current?.survey_id ?? group.startId);
  if (!group.title) return { name: speaker.name, avatarSrc: speaker.avatarSrc, subtitle: undefined };
  const members = [...new Set(Object.values(group.speakers).map((s) => s.name))].filter(Boolean);
  return { name: group.title, avatarSrc: null, subtitle: members.join(', ') || undefined };
}

/** How close to its end (px) the list counts as at the end. */
const NEAR_END_PX = 48;

/**
 * The list stays scrolled to its end when its box changes size (a phone's keyboard opens, the phone
 * turns, the field grows) if it was at the end; not when the respondent had scrolled up to read.
 */
function useEndOnResize(list: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Read on scroll, before a resize: shrinking keeps scrollTop, so afterwards it seems scrolled up.
    let atEnd = true;
    const onScroll = () => {
      atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_END_PX;
    };
    const observer = new ResizeObserver(() => {
      if (atEnd) el.scrollTop = el.scrollHeight;
    });
    el.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(el);
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [list]);
}

/** New bot bubbles: the sound (when on) and, in a hidden tab, the unread count in the title. */
function useArrivals(session: ChatSession, sound: boolean): void {
  const { messages, revealed, instantUntil } = session.state;
  const botBubbles = messages.slice(0, revealed).filter((m) => m.user_or_bot === 'bot').length;
  useUnreadTitle(botBubbles);
  const last = useRef(revealed);
  useEffect(() => {
    const arrived = messages.slice(Math.max(last.current, instantUntil), revealed);
    last.current = revealed;
    if (sound && arrived.some((m) => m.user_or_bot === 'bot')) playNotificationSound();
  }, [messages, revealed, instantUntil, sound]);
}

function EntryRow(
  props: { message: ChatMessage; seq: number; animated: boolean; speaker?: Speaker; first?: boolean } & Omit<
    ChatViewProps,
    'session' | 'remember' | 'group'
  >,
) {
  const { message, look, texts } = props;
  if (message.user_or_bot === 'user') {
    return (
      <div className={styles.rowUser}>
        <SpeakerLabel name={texts.speakerYou} />
        <p className={styles.bubbleUser} dir="auto">
          {message.context}
        </p>
        {props.entryActions ? (
          <div className={styles.entryActions}>{props.entryActions(message, props.seq)}</div>
        ) : null}
      </div>
    );
  }
  // Media autoplay only for bubbles arriving now, never for a resumed history.
  const playback = {
    autoplayAudio: props.animated && look.autoplayAudio,
    autoplayVideo: props.animated && look.autoplayVideo,
  };
  const content = (
    <BotContent context={message.context} texts={texts} playback={playback} mediaBase={look.mediaBase} />
  );
  const { speaker } = props;
  // A group chat's dialog without a name stays unnamed, never another's (group-chat.ts UNKNOWN_SPEAKER).
  const label = <SpeakerLabel name={(speaker ? speaker.name : look.avatarName) || texts.speakerBot} />;
  if (!speaker) {
    return (
      <div className={styles.rowBot}>
        {label}
        {content}
      </div>
    );
  }
  return (
    <div className={styles.rowBot}>
      {label}
      {props.first ? (
        <Avatar name={speaker.name} src={speaker.avatarSrc} small />
      ) : (
        <span className={styles.speakerSpacer} />
      )}
      <div className={styles.speakerColumn}>
        {props.first && speaker.name ? (
          // Screen readers hear the name with every bubble (SpeakerLabel), not twice here.
          <span className={styles.speakerName} dir="auto" aria-hidden="true">
            {speaker.name}
          </span>
        ) : null}
        {content}
      </div>
    </div>
  );
}

/**
 * Who said it, for screen readers only: the chat log announces each new entry with its speaker (the
 * bubbles of both sides look alike to them otherwise).
 */
function SpeakerLabel({ name }: { name: string }) {
  return <span className={styles.visuallyHidden}>{`${name}: `}</span>;
}

/** The question's words for naming its options: the last bot bubble shown that has some. */
function questionLabel(messages: readonly Entry[], revealed: number): string | undefined {
  for (let i = Math.min(revealed, messages.length) - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.user_or_bot !== 'bot') continue;
    const words = plainText(m.context).trim();
    if (words) return words;
  }
  return undefined;
}

function Typing({ name, texts, speaker }: { name: string; texts: RespondentTexts; speaker?: Speaker }) {
  return (
    <div className={styles.rowBot}>
      {speaker ? <Avatar name={speaker.name} src={speaker.avatarSrc} small /> : null}
      <div className={`${styles.bubbleBot} ${styles.typing}`} role="status">
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className={styles.visuallyHidden}>{texts.typing(name)}</span>
      </div>
    </div>
  );
}

function Footer({
  session,
  texts,
  footer,
  answered,
  focusInput,
  onSend,
}: Pick<ChatViewProps, 'session' | 'texts' | 'footer'> & {
  answered: boolean;
  /** The input takes focus when it shows. */
  focusInput: boolean;
  onSend(answer: AnswerValue, display: string, skip?: boolean): void;
}) {
  const { state, canAnswer, showsInput } = session;
  const busy = useBusyNotice(
    state.sending !== null || (state.phase === 'loading' && state.messages.length === 0),
  );
  const { input } = state;
  // The error dialog (SPEC §8) says it first; the chat keeps the note once the dialog is closed.
  const errorShown = useErrorStore((s) => s.show);
  const typed = input !== null && isTypedInput(input.type);
  // After an answer a typed answer's field stays while the bot types the next typed question: it keeps
  // focus (and a phone its keyboard). Options still wait for their question.
  const early = !showsInput && answered && typed && state.phase === 'ready';
  return (
    <div className={styles.footer}>
      <ProgressBar input={input} finished={state.finished} label={texts.progress} />
      {busy ? (
        <p className={styles.busy} role="status">
          {texts.busy}
        </p>
      ) : null}
      {state.notice && !errorShown ? (
        <p className={styles.notice} role="alert">
          {state.notice}
        </p>
      ) : null}
      {state.info ? (
        <p className={styles.busy} role="status">
          {state.info}
        </p>
      ) : null}
      {state.phase === 'failed' ? (
        <button type="button" className={styles.primary} onClick={session.retry}>
          {texts.retry}
        </button>
      ) : null}
      {(showsInput || early) && input ? (
        <AnswerInput
          // One field for consecutive typed questions (it starts empty for each); options anew.
          key={typed ? 'typed' : `${input.unique_question_id}:${input.nachfrage_id ?? ''}:${input.turn}`}
          input={input}
          disabled={!canAnswer}
          early={early}
          texts={texts}
          onSend={onSend}
          unsent={state.unsent}
          label={questionLabel(state.messages, state.revealed)}
          focusOnMount={focusInput}
        />
      ) : null}
      {state.phase === 'ready' && state.waiting && state.revealed >= state.messages.length ? (
        <p className={styles.busy} role="status">
          {texts.game.waiting}
        </p>
      ) : null}
      {footer}
    </div>
  );
}

/** The messenger: header, the history with typing indicator, the answer input and notices. */
export function ChatView(props: ChatViewProps) {
  const { session, look, texts } = props;
  const { state } = session;
  const [sound, setSound] = useSoundSetting(props.remember);
  useArrivals(session, sound);
  const list = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  // Whether the respondent has answered here: only then focus follows to the next input or the end.
  const [answered, setAnswered] = useState(false);
  const focusFollows = answered || props.focusFirstInput === true;
  const { send } = session;
  const onSend = useCallback(
    (answer: AnswerValue, display: string, skip?: boolean) => {
      setAnswered(true);
      send(answer, display, skip);
    },
    [send],
  );
  const ended = state.phase === 'ready' && state.finished && state.revealed >= state.messages.length;
  useEffect(() => {
    // The last answer's input is gone: focus to the closing words rather than to the page.
    if (ended && focusFollows) done.current?.focus();
  }, [ended, focusFollows]);
  useEndOnResize(list);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever what is shown at the end changes
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    // Not a scroll box of its own (the author app lets the page grow): bring the end into view.
    if (el.scrollHeight <= el.clientHeight) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [state.revealed, state.sending, session.typing]);
  const styleClass = look.messenger === 'standard' ? '' : styles[look.messenger];
  const { group } = props;
  const header = group
    ? groupHeader(group, session)
    : { name: look.avatarName, avatarSrc: look.avatarSrc, subtitle: undefined };
  // The typing indicator names who writes next: in a group chat the dialog of the coming bubble.
  const typingSpeaker = group
    ? speakerFor(group, state.messages[state.revealed]?.survey_id ?? group.startId)
    : undefined;

  return (
    <section
      className={`${styles.chat} ${styleClass ?? ''}`}
      style={lookStyle(look)}
      aria-label={header.name || texts.chatLabel}
    >
      <ChatHeader
        name={header.name}
        avatarSrc={header.avatarSrc}
        subtitle={header.subtitle}
        texts={texts}
        sound={sound}
        onSound={setSound}
        actions={props.actions}
      />
      <div ref={list} className={styles.list} role="log" aria-label={texts.chatLabel} aria-live="polite">
        {state.messages.slice(0, state.revealed).map((m, seq) => (
          <EntryRow
            // The history only grows (a restart remounts): the index is the entry's seq on the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={seq}
            message={m}
            seq={seq}
            animated={seq >= state.instantUntil}
            look={look}
            texts={texts}
            entryActions={props.entryActions}
            {...(group && m.user_or_bot === 'bot' ? speakerAt(group, state.messages, seq) : {})}
          />
        ))}
        {state.sending !== null ? (
          <div className={styles.rowUser}>
            <SpeakerLabel name={texts.speakerYou} />
            <p className={`${styles.bubbleUser} ${styles.pending}`} dir="auto">
              {state.sending}
            </p>
          </div>
        ) : null}
        {session.typing || (state.phase === 'loading' && state.messages.length === 0) ? (
          <Typing name={typingSpeaker?.name ?? look.avatarName} texts={texts} speaker={typingSpeaker} />
        ) : null}
        {ended ? (
          // In the log, so screen readers announce it like the bubbles before it.
          <p ref={done} className={styles.done} tabIndex={-1}>
            {texts.finished}
          </p>
        ) : null}
        <div ref={end} />
      </div>
      {ended && state.redirect ? (
        <EndRedirect redirect={state.redirect} follow={props.followRedirect === true} texts={texts} />
      ) : null}
      <Footer
        session={session}
        texts={texts}
        footer={props.footer}
        answered={answered}
        focusInput={focusFollows}
        onSend={onSend}
      />
    </section>
  );
}
