import { Popup } from '../features/chat/live-bar/ConfirmPopup.tsx';
import styles from '../features/chat/live-bar/live-bar.module.css';
import type { RespondentTexts } from '../features/chat/respondent-texts.ts';
import { errorDialogText, useErrorStore } from '../state/error.ts';

/** The global error dialog of the respondent entry: title and text from the shared error state (SPEC §8). */
export function LiveErrorDialog({ texts }: { texts: RespondentTexts }) {
  const { show, title, msg, hideError } = useErrorStore();
  return (
    <Popup
      open={show}
      title={title || texts.errorTitle}
      text={errorDialogText({ title, msg })}
      onClose={hideError}
    >
      <button type="button" className={styles.confirm} onClick={hideError}>
        {texts.ok}
      </button>
    </Popup>
  );
}
