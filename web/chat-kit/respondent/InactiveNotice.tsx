import styles from '../chat.module.css';
import { type ChatLook, lookStyle } from '../chat-look.ts';
import type { RespondentTexts } from '../respondent-texts.ts';

/**
 * A dialog that has ended (inactive, as its public config says): said once, in the dialog's look and
 * language, instead of the consent, so nothing is registered or stored.
 */
export function InactiveNotice({ look, texts }: { look: ChatLook; texts: RespondentTexts }) {
  return (
    <div className={styles.chat} style={lookStyle(look)}>
      <div className={styles.panel} role="status">
        <p>{texts.dialogEnded}</p>
      </div>
    </div>
  );
}
