import { useCallback, useId, useState } from 'react';
import { liveApi } from '../../api/live-client.ts';
import { privacyHref } from '../../components/live-top-bar-rules.ts';
import styles from './chat.module.css';
import { publicDialogApi } from './chat-api.ts';
import type { RespondentTexts } from './respondent-texts.ts';
import { useLoad } from './use-load.ts';

/**
 * Consent before the first question (SPEC §4): the dialog's privacy declaration and the storage of
 * answers and chat history. Until both are given nothing is registered or stored.
 */
export function ConsentPanel(props: { surveyId: string; texts: RespondentTexts; onAccept(): void }) {
  const { surveyId, texts } = props;
  const [privacy, setPrivacy] = useState(false);
  const [storage, setStorage] = useState(false);
  const privacyId = useId();
  const storageId = useId();
  const declaration = useLoad(useCallback(() => publicDialogApi(liveApi, surveyId).privacy(), [surveyId]));
  const text = declaration.status === 'ready' ? declaration.data.privacy_declaration_text.trim() : '';
  const href = privacyHref(surveyId) ?? undefined;
  return (
    <section className={styles.panel} aria-labelledby={`${privacyId}-title`}>
      <h1 id={`${privacyId}-title`}>{texts.consentTitle}</h1>
      <p>{texts.consentIntro}</p>
      {text ? <div className={styles.declaration}>{text}</div> : null}
      <label className={styles.check} htmlFor={privacyId}>
        <input
          id={privacyId}
          type="checkbox"
          checked={privacy}
          onChange={(e) => setPrivacy(e.target.checked)}
        />
        <span>
          {texts.consentPrivacyBefore}
          <a href={href} target="_blank" rel="noopener noreferrer">
            {texts.consentPrivacyLink}
          </a>
          {texts.consentPrivacyAfter}
        </span>
      </label>
      <label className={styles.check} htmlFor={storageId}>
        <input
          id={storageId}
          type="checkbox"
          checked={storage}
          onChange={(e) => setStorage(e.target.checked)}
        />
        <span>{texts.consentStorage}</span>
      </label>
      <button
        type="button"
        className={styles.primary}
        disabled={!(privacy && storage)}
        onClick={props.onAccept}
      >
        {texts.consentStart}
      </button>
    </section>
  );
}
