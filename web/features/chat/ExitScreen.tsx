import { useEffect } from 'react';
import styles from './chat.module.css';
import { exitAddress } from './exit-address.ts';
import { exitContent } from './respondent-texts.ts';

/**
 * /exit/{var}: the end of a dialog, e.g. 'deleted_de' after the respondent deleted their answers; in
 * the form of address of the dialog left (remembered on cancelling), 'Sie' when none is known.
 */
export function ExitScreen({ exitVar }: { exitVar: string }) {
  const content = exitContent(exitVar, exitAddress());
  useEffect(() => {
    document.documentElement.lang = content.language;
  }, [content.language]);
  return (
    <div className={styles.center}>
      <div className={styles.panel}>
        <h1>{content.title}</h1>
        <p>{content.text}</p>
      </div>
    </div>
  );
}
