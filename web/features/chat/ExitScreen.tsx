import { useEffect } from 'react';
import styles from './chat.module.css';
import { exitContent } from './respondent-texts.ts';

/** /exit/{var}: the end of a dialog, e.g. 'deleted_de' after the respondent deleted their answers. */
export function ExitScreen({ exitVar }: { exitVar: string }) {
  const content = exitContent(exitVar);
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
