import { useEffect, useState } from 'react';
import type { EndRedirect as Redirect } from '../../contract/end-redirect.ts';
import styles from './chat.module.css';
import type { RespondentTexts } from './respondent-texts.ts';

/**
 * A finished chat's redirect (issue 22), shown once the last message is: the button 'Weiter' at once
 * (a browser may block the automatic one), and with `follow` the page goes there by itself after the
 * end's seconds. The author's test chat does not follow: it says so and leaves the button.
 */
export function EndRedirect({
  redirect,
  follow,
  texts,
}: {
  redirect: Redirect;
  follow: boolean;
  texts: RespondentTexts;
}) {
  const [left, setLeft] = useState(redirect.delay_s);
  useEffect(() => {
    if (!follow) return;
    if (left <= 0) {
      window.location.assign(redirect.url);
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [follow, left, redirect.url]);
  const note = follow ? (left > 0 ? texts.redirect.soon(left) : null) : texts.redirect.testOnly;
  return (
    <div className={styles.redirect}>
      {note ? <p role="status">{note}</p> : null}
      {/* In the widget's frame the button leaves the frame: the panel's page wants the whole window. */}
      <a className={styles.primary} href={redirect.url} target="_top">
        {texts.redirect.go}
      </a>
    </div>
  );
}
