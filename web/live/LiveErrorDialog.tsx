import { Popup } from '../chat-kit/live-bar/ConfirmPopup.tsx';
import styles from '../chat-kit/live-bar/live-bar.module.css';
import type { RespondentTexts } from '../chat-kit/respondent-texts.ts';
import { errorDialogText, isDialogEndedTitle, useErrorStore } from '../state/error.ts';

/**
 * The global error dialog of the respondent entry: title and text from the shared error state (SPEC §8).
 * An ended dialog ('Dialog ist nicht mehr aktiv.', 'Not enough segments') is said in the dialog's
 * language: in German the SPEC §8 text, in English its translation, never the German server texts.
 */
export function LiveErrorDialog({ texts }: { texts: RespondentTexts }) {
  const { show, title, msg, hideError } = useErrorStore();
  const ended = isDialogEndedTitle(title);
  return (
    <Popup
      open={show}
      title={ended ? texts.dialogEndedTitle : title || texts.errorTitle}
      text={ended ? texts.dialogEnded : errorDialogText({ title, msg })}
      onClose={hideError}
    >
      <button type="button" className={styles.confirm} onClick={hideError}>
        {texts.ok}
      </button>
    </Popup>
  );
}
