import { useState } from 'react';
import styles from '../chat.module.css';
import { ConfirmPopup } from '../live-bar/ConfirmPopup.tsx';
import type { RespondentTexts } from '../respondent-texts.ts';

/**
 * 'Einwilligung widerrufen' below the chat: asks first, since withdrawing deletes the respondent's
 * answers on the server too (afterwards the respondent would have no credentials left to delete them).
 */
export function WithdrawButton({ texts, onConfirm }: { texts: RespondentTexts; onConfirm(): void }) {
  const [open, setOpen] = useState(false);
  const popup = texts.withdrawPopup;
  return (
    <>
      <button type="button" className={styles.textButton} onClick={() => setOpen(true)}>
        {texts.withdraw}
      </button>
      <ConfirmPopup
        open={open}
        popup={popup}
        danger
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
