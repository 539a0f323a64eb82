import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { liveApi } from '../../api/live-client.ts';
import { privacyHref } from '../../components/live-top-bar-rules.ts';
import { useLoad } from '../../lib/use-load.ts';
import styles from '../chat.module.css';
import { publicDialogApi } from '../public-dialog-api.ts';
import type { RespondentTexts } from '../respondent-texts.ts';

/**
 * Consent before the first question (SPEC §4): the dialog's privacy declaration and the storage of
 * answers and chat history. Until both are given nothing is registered or stored. focusOnMount: the
 * heading takes focus (consent was just withdrawn, the chat that had focus is gone). game: before a
 * game, its title and description come first, and it is the game that starts.
 */
export function ConsentPanel(props: {
  surveyId: string;
  texts: RespondentTexts;
  onAccept(): void;
  focusOnMount?: boolean;
  game?: { title: string; description: string };
}) {
  const { surveyId, texts, focusOnMount, game } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the panel appears
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, []);
  const [privacy, setPrivacy] = useState(false);
  const [storage, setStorage] = useState(false);
  const privacyId = useId();
  const storageId = useId();
  const declaration = useLoad(useCallback(() => publicDialogApi(liveApi, surveyId).privacy(), [surveyId]));
  const text = declaration.status === 'ready' ? declaration.data.privacy_declaration_text.trim() : '';
  const href = privacyHref(surveyId) ?? undefined;
  return (
    <section className={styles.panel} aria-labelledby={`${privacyId}-title`}>
      {game ? (
        <>
          <p>
            <strong>{game.title}</strong>
          </p>
          {game.description ? <p>{game.description}</p> : null}
        </>
      ) : null}
      <h1 id={`${privacyId}-title`} ref={heading} tabIndex={-1}>
        {texts.consentTitle}
      </h1>
      <p>{game ? texts.game.consentIntro : texts.consentIntro}</p>
      {text ? <div className={styles.declaration}>{text}</div> : null}
      <ConsentCheck id={privacyId} checked={privacy} onChange={setPrivacy}>
        {texts.consentPrivacyBefore}
        <a href={href} target="_blank" rel="noopener noreferrer">
          {texts.consentPrivacyLink}
        </a>
        {texts.consentPrivacyAfter}
      </ConsentCheck>
      <ConsentCheck id={storageId} checked={storage} onChange={setStorage}>
        {texts.consentStorage}
      </ConsentCheck>
      <button
        type="button"
        className={styles.primary}
        disabled={!(privacy && storage)}
        onClick={props.onAccept}
      >
        {game ? texts.game.consentStart : texts.consentStart}
      </button>
    </section>
  );
}

/** One consent: a checkbox labelled by its text. */
function ConsentCheck(props: {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}) {
  return (
    <label className={styles.check} htmlFor={props.id}>
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.children}</span>
    </label>
  );
}
