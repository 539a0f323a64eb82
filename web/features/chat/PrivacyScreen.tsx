import { useCallback, useEffect } from 'react';
import { PRODUCT_NAME } from '../../../contract/constants.ts';
import { matchRoute } from '../../../contract/routes.ts';
import { liveApi } from '../../api/live-client.ts';
import styles from '../../chat-kit/chat.module.css';
import { respondentTexts } from '../../chat-kit/respondent-texts.ts';
// The declaration's language comes with it, not from a loaded dialog: all texts at hand.
import '../../chat-kit/respondent-texts-more.ts';
import { publicDialogApi } from '../../chat-kit/public-dialog-api.ts';
import { useLoad } from '../../lib/use-load.ts';
import { applyRouteMeta } from '../../route-meta.ts';

/** /privacy/{id}: the dialog's privacy declaration as plain text, in the dialog's language. */
export function PrivacyScreen({ surveyId }: { surveyId: string }) {
  const declaration = useLoad(useCallback(() => publicDialogApi(liveApi, surveyId).privacy(), [surveyId]));
  const data = declaration.status === 'ready' ? declaration.data : null;
  const texts = respondentTexts(data?.language);
  const language = data?.language;
  useEffect(() => {
    if (!language) return;
    document.documentElement.lang = language;
    // The tab title in the dialog's language too (the route table's is German).
    applyRouteMeta({
      ...matchRoute(window.location.pathname),
      title: `${respondentTexts(language).privacyTitle} – ${PRODUCT_NAME}`,
    });
  }, [language]);
  if (declaration.status === 'loading') return <p className={styles.center}>{texts.loading}</p>;
  if (!data) {
    return (
      <div className={styles.center} role="alert">
        <p>{declaration.status === 'notFound' ? texts.notFound : texts.loadFailed}</p>
        {declaration.status === 'failed' ? (
          <button type="button" className={styles.primary} onClick={declaration.retry}>
            {texts.retry}
          </button>
        ) : null}
      </div>
    );
  }
  const text = data.privacy_declaration_text.trim();
  return (
    <div className={styles.center}>
      <article className={styles.panel}>
        <h1>{`${texts.privacyTitle}: ${data.survey_name}`}</h1>
        {text ? <div className={styles.declaration}>{text}</div> : <p>{texts.privacyEmpty}</p>}
        <a href="/datenschutz">{texts.privacyGeneral}</a>
      </article>
    </div>
  );
}
