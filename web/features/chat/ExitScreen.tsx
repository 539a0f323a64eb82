import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../contract/constants.ts';
import { matchRoute } from '../../../contract/routes.ts';
import styles from '../../chat-kit/chat.module.css';
import { exitContent } from '../../chat-kit/respondent-texts.ts';
// The exit page's language comes from its address, not from a loaded dialog: all texts at hand.
import '../../chat-kit/respondent-texts-more.ts';
import { applyRouteMeta } from '../../route-meta.ts';
import { exitAddress } from './exit-address.ts';

/**
 * /exit/{var}: the end of a dialog, e.g. 'deleted_de' after the respondent deleted their answers; in
 * the form of address of the dialog left (remembered on cancelling), 'Sie' when none is known.
 */
export function ExitScreen({ exitVar }: { exitVar: string }) {
  const content = exitContent(exitVar, exitAddress());
  const title = `${content.title} – ${PRODUCT_NAME}`;
  useEffect(() => {
    document.documentElement.lang = content.language;
    // The tab title in the exit page's language. After the frame's own route meta (LiveApp, AppShell):
    // their effects run after this child's in the same commit, so this waits for them.
    let current = true;
    queueMicrotask(() => {
      if (current) applyRouteMeta({ ...matchRoute(window.location.pathname), title });
    });
    return () => {
      current = false;
    };
  }, [content.language, title]);
  return (
    <div className={styles.center}>
      <div className={styles.panel}>
        <h1>{content.title}</h1>
        <p>{content.text}</p>
      </div>
    </div>
  );
}
