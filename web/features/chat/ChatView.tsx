import { type ReactNode, useEffect, useRef } from 'react';
import type { ChatMessage } from '../../../contract/chat.ts';
import { playNotificationSound, useBusyNotice, useSoundSetting, useUnreadTitle } from './attention.ts';
import { ChatHeader } from './ChatHeader.tsx';
import styles from './chat.module.css';
import { type ChatLook, lookStyle } from './chat-look.ts';
import { AnswerInput } from './inputs/AnswerInput.tsx';
import { BotContent } from './MessageContent.tsx';
import type { RespondentTexts } from './respondent-texts.ts';
import type { ChatSession } from './use-chat-session.ts';

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

function Entry(
  props: { message: ChatMessage; seq: number; animated: boolean } & Omit<
    ChatViewProps,
    'session' | 'remember'
  >,
) {
  const { message, look, texts } = props;
  if (message.user_or_bot === 'user') {
    return (
      <div className={styles.rowUser}>
        <p className={styles.bubbleUser}>{message.context}</p>
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
  return (
    <div className={styles.rowBot}>
      <BotContent context={message.context} texts={texts} playback={playback} mediaBase={look.mediaBase} />
    </div>
  );
}

function Typing({ name, texts }: { name: string; texts: RespondentTexts }) {
  return (
    <div className={styles.rowBot}>
      <div className={`${styles.bubbleBot} ${styles.typing}`} role="status">
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className={styles.visuallyHidden}>{texts.typing(name)}</span>
      </div>
    </div>
  );
}

function Footer({ session, texts, footer }: Pick<ChatViewProps, 'session' | 'texts' | 'footer'>) {
  const { state, canAnswer } = session;
  const busy = useBusyNotice(
    state.sending !== null || (state.phase === 'loading' && state.messages.length === 0),
  );
  const { input } = state;
  return (
    <div className={styles.footer}>
      {busy ? (
        <p className={styles.busy} role="status">
          {texts.busy}
        </p>
      ) : null}
      {state.notice ? (
        <p className={styles.notice} role="alert">
          {state.notice}
        </p>
      ) : null}
      {state.phase === 'failed' ? (
        <button type="button" className={styles.primary} onClick={session.retry}>
          {texts.retry}
        </button>
      ) : null}
      {state.phase === 'ready' && input ? (
        <AnswerInput
          key={`${input.unique_question_id}:${input.nachfrage_id ?? ''}:${input.turn}`}
          input={input}
          disabled={!canAnswer}
          texts={texts}
          onSend={session.send}
          unsent={state.unsent}
        />
      ) : null}
      {state.phase === 'ready' && state.waiting && state.revealed >= state.messages.length ? (
        <p className={styles.busy} role="status">
          {texts.game.waiting}
        </p>
      ) : null}
      {state.phase === 'ready' && state.finished && state.revealed >= state.messages.length ? (
        <p className={styles.done}>{texts.finished}</p>
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever what is shown at the end changes
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    // Not a scroll box of its own (the author app lets the page grow): bring the end into view.
    if (el.scrollHeight <= el.clientHeight) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [state.revealed, state.sending, session.typing]);
  const styleClass = look.messenger === 'standard' ? '' : styles[look.messenger];

  return (
    <section
      className={`${styles.chat} ${styleClass ?? ''}`}
      style={lookStyle(look)}
      aria-label={look.avatarName || texts.chatLabel}
    >
      <ChatHeader look={look} texts={texts} sound={sound} onSound={setSound} actions={props.actions} />
      <div ref={list} className={styles.list} role="log" aria-label={texts.chatLabel} aria-live="polite">
        {state.messages.slice(0, state.revealed).map((m, seq) => (
          <Entry
            // The history only grows (a restart remounts): the index is the entry's seq on the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={seq}
            message={m}
            seq={seq}
            animated={seq >= state.instantUntil}
            look={look}
            texts={texts}
            entryActions={props.entryActions}
          />
        ))}
        {state.sending !== null ? (
          <div className={styles.rowUser}>
            <p className={`${styles.bubbleUser} ${styles.pending}`}>{state.sending}</p>
          </div>
        ) : null}
        {session.typing || (state.phase === 'loading' && state.messages.length === 0) ? (
          <Typing name={look.avatarName} texts={texts} />
        ) : null}
        <div ref={end} />
      </div>
      <Footer session={session} texts={texts} footer={props.footer} />
    </section>
  );
}
